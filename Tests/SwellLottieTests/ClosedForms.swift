import Foundation
import SwellCore
import SwellLottie
import TestSupport

/// Values computed here, independently of SwellLottie and SwellCore's
/// animation code, that a Lottie animation's layers must present:
/// After Effects' temporal ease is the cubic Bézier from the keyframe's out
/// tangent `o` to the next one's in tangent `i`, solved by bisection
/// (TestSupport's ``ReferenceBezier``, not `CAMediaTimingFunction`); a
/// position with spatial tangents `to`/`ti` moves along the Bézier
/// P0, P0 + to, P1 + ti, P1 by arc length, as After Effects and lottie-web
/// move a layer along its motion path.
enum ClosedForms {
    /// The cubic Bézier's point at parameter s.
    static func point(_ p: [CGPoint], at s: Double) -> CGPoint {
        let r = 1 - s
        let (a, b, c, d) = (r * r * r, 3 * r * r * s, 3 * r * s * s, s * s * s)
        return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                       y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
    }

    /// The point `fraction` (0…1) of the way along the curve by arc
    /// length: the curve as 100 000 chords, the distance found among them
    /// by bisection and interpolated along its chord.
    static func point(_ p: [CGPoint], atArcFraction fraction: Double) -> CGPoint {
        let n = 100_000
        var lengths = [0.0]
        lengths.reserveCapacity(n + 1)
        var previous = p[0]
        for k in 1...n {
            let q = point(p, at: Double(k) / Double(n))
            lengths.append(lengths[k - 1] + hypot(q.x - previous.x, q.y - previous.y))
            previous = q
        }
        let target = min(max(fraction, 0), 1) * lengths[n]
        var low = 0, high = n
        while high - low > 1 {
            let middle = (low + high) / 2
            if lengths[middle] < target { low = middle } else { high = middle }
        }
        let span = lengths[high] - lengths[low]
        let t = span > 0 ? (target - lengths[low]) / span : 0
        let a = point(p, at: Double(low) / Double(n)), b = point(p, at: Double(high) / Double(n))
        return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// A `LottieAnimation` of `json`, which must read.
    static func animation(_ json: String) throws -> LottieAnimation {
        try LottieAnimation(bytes: Array(json.utf8), file: "closed-forms.json", directory: URL(fileURLWithPath: "/"))
    }
}

extension LottieStage {
    /// The presentation of the layer named `name` at composition frame
    /// `frame` (host time frame ÷ `frameRate`).
    func presented(_ name: String, atFrame frame: Double, frameRate: Double) -> CALayer? {
        show(frame / frameRate)
        return layer(named: name)?.presentation()
    }
}
