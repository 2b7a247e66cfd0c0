import Foundation
import SwellCore

/// A value Lottie interpolates between keyframes.
protocol LottieInterpolatable: Equatable {
    /// The value between `start` and `end` of a segment whose easing has
    /// reached `eased` (one progress per dimension, or one for all).
    static func interpolate(_ start: Self, _ end: Self, eased: [Double], spatial: (out: CGPoint, in: CGPoint)?) -> Self
}

extension Array: LottieInterpolatable where Element == Double {
    /// Each dimension eased by its own curve (or all by the first); a
    /// position moved along its spatial tangents.
    static func interpolate(_ start: [Double], _ end: [Double], eased: [Double],
                            spatial: (out: CGPoint, in: CGPoint)?) -> [Double] {
        if let spatial, start.count >= 2, end.count >= 2 {
            return SpatialBezier(start: start, end: end, tangents: spatial).point(atFraction: eased[0])
        }
        return start.indices.map { d in
            let y = eased[Swift.min(d, eased.count - 1)]
            return start[d] + ((d < end.count ? end[d] : start[d]) - start[d]) * y
        }
    }
}

/// A keyframe's easing in one dimension: the cubic Bézier of its out
/// tangent `o` and the next keyframe's in tangent `i` (After Effects'
/// temporal ease), which is `CAMediaTimingFunction(controlPoints:)`.
struct Easing: Hashable, Sendable {
    var c1x: Double, c1y: Double, c2x: Double, c2y: Double

    static let linear = Easing(c1x: 0, c1y: 0, c2x: 1, c2y: 1)

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: min(max(c1x, 0), 1), c1y, min(max(c2x, 0), 1), c2y)
    }
}

/// A property's keyframes (docs/lottie.md#keyframes): segment k runs from
/// `times[k]` to `times[k + 1]` (composition frames of the layer), from
/// `values[k]` to `ends[k]` — `values[k + 1]` unless an old file's `e`
/// says otherwise — eased per dimension, or held.
struct Keyframes<Value: LottieInterpolatable & Sendable>: Sendable {
    struct Segment: Sendable {
        var end: Value
        var hold: Bool
        /// One easing per dimension, or one for all.
        var easings: [Easing]
        /// A position's spatial tangents (`to`, `ti`), relative to the ends.
        var spatial: (out: CGPoint, in: CGPoint)?

        /// Whether every dimension eases alike.
        var easesUniformly: Bool { easings.dropFirst().allSatisfy { $0 == easings[0] } }
    }

    var times: [Double]
    var values: [Value]
    /// One fewer than the keyframes.
    var segments: [Segment]

    /// The value at composition frame `frame`: the first before the first
    /// keyframe, the last after the last.
    func value(at frame: Double) -> Value {
        guard let first = times.first, frame > first, !segments.isEmpty else { return values[0] }
        guard frame < times[times.count - 1] else { return values[values.count - 1] }
        var k = 0
        while k + 1 < segments.count && times[k + 1] <= frame { k += 1 }
        let segment = segments[k]
        if segment.hold { return values[k] }
        let span = times[k + 1] - times[k]
        let u = span > 0 ? (frame - times[k]) / span : 1
        let eased = segment.easings.map { $0.timingFunction.value(at: u) }
        return Value.interpolate(values[k], segment.end, eased: eased, spatial: segment.spatial)
    }
}

/// An animatable property of a Lottie file: a value, or keyframes.
enum LottieProperty<Value: LottieInterpolatable & Sendable>: Sendable {
    case constant(Value)
    case animated(Keyframes<Value>)

    var isAnimated: Bool {
        if case .animated = self { return true }
        return false
    }

    /// The value before any keyframe, the model value of a layer.
    var initialValue: Value {
        switch self {
        case .constant(let value): value
        case .animated(let keyframes): keyframes.values[0]
        }
    }

    /// The frames of the keyframes; none for a constant.
    var keyTimes: [Double] {
        if case .animated(let keyframes) = self { return keyframes.times }
        return []
    }
}

extension LottieProperty {
    /// The same values with every keyframe `frames` later.
    func shifted(by frames: Double) -> LottieProperty {
        guard case .animated(var keyframes) = self else { return self }
        keyframes.times = keyframes.times.map { $0 + frames }
        return .animated(keyframes)
    }

    func value(at frame: Double) -> Value {
        switch self {
        case .constant(let value): value
        case .animated(let keyframes): keyframes.value(at: frame)
        }
    }
}

extension LottieProperty where Value == [Double] {
    /// The first dimension's value at a frame.
    func scalar(at frame: Double) -> Double {
        value(at: frame).first ?? 0
    }
}

/// A segment of a position's motion path: a cubic Bézier from one keyframe
/// to the next through its spatial tangents, travelled by arc length, as
/// After Effects moves a layer along it.
struct SpatialBezier {
    let path: PathMeasurement

    init(start: [Double], end: [Double], tangents: (out: CGPoint, in: CGPoint)) {
        let a = CGPoint(x: start[0], y: start[1]), b = CGPoint(x: end[0], y: end[1])
        let path = CGMutablePath()
        path.move(to: a)
        path.addCurve(to: b, control1: CGPoint(x: a.x + tangents.out.x, y: a.y + tangents.out.y),
                      control2: CGPoint(x: b.x + tangents.in.x, y: b.y + tangents.in.y))
        self.path = PathMeasurement(path.value)
    }

    func point(atFraction fraction: Double) -> [Double] {
        guard let point = path.point(atDistance: min(max(fraction, 0), 1) * path.length) else { return [0, 0] }
        return [point.x, point.y]
    }
}
