import Foundation
import SwellCore

/// Lays a Lottie layer's properties on Core Animation layers: the model
/// value, and a `CAKeyframeAnimation` when the property has keyframes
/// (docs/lottie.md#keyframes).
struct Animator {
    let frameRate: Double
    let timeline: Timeline

    /// Sets `keyPath` on `layer` to the property's first value and adds its
    /// keyframes, each value made by `convert`.
    func animate<Value>(_ layer: CALayer, _ keyPath: String, _ property: LottieProperty<Value>,
                        _ convert: (Value) -> Any) {
        layer.setValue(convert(property.initialValue), forKeyPath: keyPath)
        guard case .animated(let keyframes) = property else { return }
        add(track(keyframes, convert: convert), keyPath, to: layer)
    }

    /// A vector property set on the components' key paths (`position.x`,
    /// `position.y`) when its dimensions ease differently, else as one
    /// value on `keyPath`.
    func animate(_ layer: CALayer, _ keyPath: String, components: [String], _ property: LottieProperty<[Double]>,
                 combined: ([Double]) -> Any, component: @escaping (Double) -> Any) {
        guard case .animated(let keyframes) = property,
              keyframes.segments.contains(where: { !$0.easesUniformly && !$0.hold }), keyframes.segments.allSatisfy({ $0.spatial == nil }) else {
            return animate(layer, keyPath, property, combined)
        }
        for (d, path) in components.enumerated() {
            animate(layer, path, .animated(keyframes.component(d)), { component($0[0]) })
        }
    }

    /// A value made of several properties (`value` of a property frame),
    /// sampled frame by frame where any of them has keyframes (`keyTimes`).
    func animateDerived(_ layer: CALayer, _ keyPath: String, keyTimes: [Double], _ value: (Double) -> Any) {
        layer.setValue(value(keyTimes.min() ?? 0), forKeyPath: keyPath)
        if let track = derivedTrack(keyTimes: keyTimes, value) { add(track, keyPath, to: layer) }
    }

    /// The samples of a derived value: over the keyframes' span on a direct
    /// timeline, over the remapped range on a sampled one; nil when the
    /// value does not change.
    func derivedTrack(keyTimes: [Double], _ value: (Double) -> Any) -> Track? {
        switch timeline {
        case .direct:
            guard let first = keyTimes.min(), let last = keyTimes.max(), last > first else { return nil }
            return Track.sampled(over: first...last, value)
        case .sampled(let range, let frame):
            guard !keyTimes.isEmpty else { return nil }
            return Track.sampled(over: range) { value(frame($0)) }
        }
    }

    func add(_ track: Track, _ keyPath: String, to layer: CALayer) {
        guard let animation = track.animation(keyPath: keyPath, frameRate: frameRate) else { return }
        layer.add(animation, forKey: keyPath)
    }

    /// The keyframes on this timeline: exact on a direct one, sampled on a
    /// remapped one.
    func track<Value>(_ keyframes: Keyframes<Value>, convert: (Value) -> Any) -> Track {
        switch timeline {
        case .sampled(let range, let frame):
            return Track.sampled(over: range) { convert(keyframes.value(at: frame($0))) }
        case .direct:
            let frames = keyframes.times
            var track = Track()
            track.append(frames[0], convert(keyframes.values[0]))
            for (k, segment) in keyframes.segments.enumerated() {
                let next = frames[k + 1]
                if segment.hold {
                    track.append(next, convert(keyframes.values[k]))
                } else {
                    track.append(next, convert(segment.end), easing: segment.easings[0].timingFunction)
                }
                if segment.hold || segment.end != keyframes.values[k + 1] {
                    track.append(next, convert(keyframes.values[k + 1]))
                }
            }
            return track
        }
    }

    /// A position's keyframes as a motion path through them, bent by their
    /// spatial tangents, when any segment has them or the layer turns
    /// along it (`autoOrient`). A hold stays put over its segment and a
    /// jump (after a hold, or an old file's `e`) is a move in the path,
    /// which a path animation crosses without time, as Core Animation's
    /// `CAKeyframeAnimation` gives no key time to a path's move-to points.
    func positionTrack(_ keyframes: Keyframes<[Double]>, autoOrient: Bool) -> Track? {
        guard case .direct = timeline,
              autoOrient || keyframes.segments.contains(where: { $0.spatial != nil }) else { return nil }
        let path = CGMutablePath()
        func point(_ v: [Double]) -> CGPoint { CGPoint(x: v[0], y: v.count > 1 ? v[1] : 0) }
        // A segment that does not move still needs its own span of time.
        func nudged(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + 1e-6, y: p.y) }
        var track = Track()
        path.move(to: point(keyframes.values[0]))
        track.append(keyframes.times[0], 0)
        for (k, segment) in keyframes.segments.enumerated() {
            let a = point(keyframes.values[k]), b = point(segment.hold ? keyframes.values[k] : segment.end)
            let tangents = segment.hold ? (out: CGPoint.zero, in: CGPoint.zero) : segment.spatial ?? (.zero, .zero)
            let end = a == b && tangents.out == .zero && tangents.in == .zero ? nudged(b) : b
            path.addCurve(to: end, control1: a + tangents.out, control2: end + tangents.in)
            track.append(keyframes.times[k + 1], 0,
                         easing: segment.hold ? nil : segment.easings[0].timingFunction)
            let next = point(keyframes.values[k + 1])
            guard next != b else { continue }
            path.move(to: next)
            if k + 1 == keyframes.segments.count {
                // The last keyframe, reached by a jump: a still segment a
                // millionth of a frame long to end on.
                path.addLine(to: nudged(next))
                track.append(keyframes.times[k + 1] + 1e-6, 0)
            }
        }
        track.path = path
        track.rotationMode = autoOrient ? .rotateAuto : nil
        return track
    }
}

extension Keyframes where Value == [Double] {
    /// Dimension `d` alone, with its own easing.
    func component(_ d: Int) -> Keyframes<[Double]> {
        func pick(_ v: [Double]) -> [Double] { v.isEmpty ? [0] : [v[min(d, v.count - 1)]] }
        return Keyframes(times: times, values: values.map(pick), segments: segments.map {
            Segment(end: pick($0.end), hold: $0.hold,
                    easings: [$0.easings[min(d, $0.easings.count - 1)]], spatial: nil)
        })
    }
}
