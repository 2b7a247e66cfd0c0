import Foundation
import SwellCore

extension Animator {
    /// A Lottie transform on `layer` (docs/lottie.md#transforms): the
    /// anchor as the origin of its bounds, whose `anchorPoint` is (0, 0), so
    /// that the anchor sits at `position` and the layer turns, skews and
    /// scales about it — `T(p)·R(r)·Sk(sk, sa)·S(s)·T(−a)`. Rotation and
    /// scale animate `transform.rotation.z` and `transform.scale.x`/`.y`;
    /// a skew or a mirroring scale, which Core Animation's decomposition
    /// cannot carry, animates the whole `transform`, sampled.
    func applyTransform(_ transform: LottieTransform, to layer: CALayer, size: CGSize = .zero, autoOrient: Bool = false) {
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: size)
        animate(layer, "bounds.origin", transform.anchor) { CGPoint(x: $0[0], y: $0.count > 1 ? $0[1] : 0) }
        applyPosition(transform, to: layer, autoOrient: autoOrient)
        let scales = transform.scale.keyTimes.isEmpty ? [transform.scale.initialValue] : transform.scale.allValues
        if transform.isSkewed || scales.contains(where: { $0.contains { $0 <= 0 } }) {
            let times = transform.rotation.keyTimes + transform.scale.keyTimes + transform.skew.keyTimes
                + transform.skewAxis.keyTimes
            animateDerived(layer, "transform", keyTimes: times) { frame in
                CATransform3DMakeAffineTransform(Self.linearPart(transform, at: frame))
            }
        } else {
            animate(layer, "transform.rotation.z", transform.rotation) { $0[0] * .pi / 180 }
            for (d, key) in ["transform.scale.x", "transform.scale.y"].enumerated() {
                animate(layer, key, transform.scale.component(d)) { $0[0] / 100 }
            }
        }
    }

    /// Rotation, skew and scale at a frame, as one matrix.
    static func linearPart(_ transform: LottieTransform, at frame: Double) -> CGAffineTransform {
        let s = transform.scale.value(at: frame)
        let radians = { (degrees: Double) in degrees * .pi / 180 }
        var matrix = CGAffineTransform(scaleX: s[0] / 100, y: (s.count > 1 ? s[1] : s[0]) / 100)
        let skew = transform.skew.scalar(at: frame)
        if skew != 0 {
            let axis = radians(transform.skewAxis.scalar(at: frame))
            matrix = matrix.concatenating(CGAffineTransform(rotationAngle: axis))
                .concatenating(CGAffineTransform(a: 1, b: 0, c: tan(radians(-skew)), d: 1, tx: 0, ty: 0))
                .concatenating(CGAffineTransform(rotationAngle: -axis))
        }
        return matrix.concatenating(CGAffineTransform(rotationAngle: radians(transform.rotation.scalar(at: frame))))
    }

    private func applyPosition(_ transform: LottieTransform, to layer: CALayer, autoOrient: Bool) {
        let point = { (v: [Double]) -> Any in CGPoint(x: v[0], y: v.count > 1 ? v[1] : 0) }
        switch transform.position {
        case .split(let x, let y):
            animate(layer, "position.x", x) { $0[0] }
            animate(layer, "position.y", y) { $0[0] }
        case .combined(let p):
            if case .animated(let keyframes) = p, let track = positionTrack(keyframes, autoOrient: autoOrient) {
                layer.position = point(p.initialValue) as! CGPoint
                add(track, "position", to: layer)
            } else {
                animate(layer, "position", components: ["position.x", "position.y"], p, combined: point) { $0 }
            }
        }
    }
}

extension LottieProperty where Value == [Double] {
    /// Dimension `d` alone (the last one when there are fewer).
    func component(_ d: Int) -> LottieProperty<[Double]> {
        switch self {
        case .constant(let value): .constant(value.isEmpty ? [0] : [value[min(d, value.count - 1)]])
        case .animated(let keyframes): .animated(keyframes.component(d))
        }
    }

    /// Every value its keyframes reach.
    var allValues: [[Double]] {
        switch self {
        case .constant(let value): [value]
        case .animated(let keyframes): keyframes.values + keyframes.segments.map(\.end)
        }
    }
}
