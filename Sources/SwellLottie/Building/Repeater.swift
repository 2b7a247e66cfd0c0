import Foundation
import SwellCore

extension ShapeBuilder {
    /// A repeater's copies of `items` (what is above it in its group), a
    /// layer each, with the copy's transform and opacity sampled where the
    /// repeater animates: the copies' layers, the topmost first, and their
    /// paths for the styles below the repeater. A copy beyond the count at a
    /// frame is transparent then.
    func repeated(_ items: [LottieShape], by repeater: LottieRepeater, outer: [LottieShape])
        -> (layers: [CALayer], entries: [PathEntry]) {
        var layers: [CALayer] = [], entries: [PathEntry] = []
        let transformTimes = [repeater.offset, repeater.anchor, repeater.position, repeater.scale, repeater.rotation]
            .flatMap(\.keyTimes)
        let opacityTimes = [repeater.copies, repeater.startOpacity, repeater.endOpacity].flatMap(\.keyTimes)
        for k in 0..<repeater.maximumCount {
            let copy = CALayer()
            animator.animateDerived(copy, "transform", keyTimes: transformTimes) { frame in
                CATransform3DMakeAffineTransform(Self.copyTransform(repeater, copy: k, at: frame))
            }
            animator.animateDerived(copy, "opacity", keyTimes: opacityTimes) { Self.copyOpacity(repeater, copy: k, at: $0) }
            entries += build(items, in: copy, outer: outer)
            layers.append(copy)
        }
        return (repeater.stacksAbove ? layers.reversed() : layers, entries)
    }

    /// Copy `k`'s transform: the repeater's applied `offset + k` times, each
    /// part of it on its own as After Effects, lottie-web and ThorVG repeat
    /// it — the position that many times over, the rotation and the scale
    /// about the anchor that many times, `T(n·p)·T(a)·S(s)ⁿ·R(r)ⁿ·T(−a)`.
    static func copyTransform(_ repeater: LottieRepeater, copy k: Int, at frame: Double) -> CGAffineTransform {
        let n = repeater.offset.scalar(at: frame) + Double(k)
        let a = repeater.anchor.value(at: frame), p = repeater.position.value(at: frame)
        let s = repeater.scale.value(at: frame)
        let anchor = CGPoint(x: a.first ?? 0, y: a.count > 1 ? a[1] : 0)
        let position = CGPoint(x: p.first ?? 0, y: p.count > 1 ? p[1] : 0)
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CGAffineTransform(rotationAngle: repeater.rotation.scalar(at: frame) * n * .pi / 180))
            .concatenating(CGAffineTransform(scaleX: power(sx, n), y: power(sy, n)))
            .concatenating(CGAffineTransform(translationX: anchor.x + position.x * n, y: anchor.y + position.y * n))
    }

    /// Copy `k`'s opacity, 0…1: the start opacity for the first copy, the
    /// end opacity for the last, in between for the others (After Effects'
    /// and lottie-web's).
    static func copyOpacity(_ repeater: LottieRepeater, copy k: Int, at frame: Double) -> Double {
        let count = repeater.count(at: frame)
        guard k < count else { return 0 }
        let start = repeater.startOpacity.scalar(at: frame), end = repeater.endOpacity.scalar(at: frame)
        let fraction = count > 1 ? Double(k) / Double(count - 1) : 0
        return (start + (end - start) * fraction) / 100
    }

    /// `factor` to the power `n`; a mirroring factor mirrors every other
    /// whole step.
    private static func power(_ factor: Double, _ n: Double) -> Double {
        guard factor < 0 else { return pow(factor, n) }
        return pow(-factor, n) * (n.rounded(.down).truncatingRemainder(dividingBy: 2) == 0 ? 1 : -1)
    }
}
