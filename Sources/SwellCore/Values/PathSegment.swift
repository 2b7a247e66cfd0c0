import Foundation

/// One drawn piece of a path — a line, quadratic or cubic Bézier curve —
/// measured along its arc, for paced and path keyframe animations.
///
/// `CAKeyframeAnimation.path` moves a layer along the path at a speed given
/// by arc length (`calculationMode = .paced`) or steps from segment to
/// segment with `keyTimes`; both need points and directions at a distance
/// along a segment. Arc length is ∫|B′(t)|dt by Gauss–Legendre quadrature
/// with adaptive subdivision, kept as a table of sub-intervals, and a
/// distance is inverted by Newton's method safeguarded by bisection; both
/// are accurate to about 1e-12 of the segment's length.
public struct PathSegment: Sendable {
    /// `.addLineToPoint`, `.addQuadCurveToPoint` or `.addCurveToPoint`.
    public let type: CGPathElementType
    /// The Bézier control points, start first and end last: two for a line,
    /// three or four for a curve.
    public let points: [CGPoint]
    /// The arc length.
    public let length: Double

    private let curve: Bezier
    private let speedCurve: Bezier
    /// Parameters 0 = t₀ < t₁ < … = 1 of sub-intervals on which quadrature
    /// is accurate, and the arc length from 0 to each.
    private let parameters: [Double]
    private let lengths: [Double]

    /// The segment through `points`: 2, 3 or 4 of them.
    init(points: [CGPoint]) {
        self.points = points
        type = [.addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint][points.count - 2]
        curve = Bezier(points)
        speedCurve = curve.derivative
        if points.count == 2 {
            parameters = [0, 1]
            lengths = [0, distance(curve.start, curve.end)]
        } else {
            (parameters, lengths) = Self.arcLengthTable(speed: speedCurve, scale: curve.polygonLength)
        }
        length = lengths[lengths.count - 1]
    }

    public var start: CGPoint { points[0] }
    public var end: CGPoint { points[points.count - 1] }

    /// The point at parameter `t` (0…1) of the Bézier curve.
    public func point(at t: Double) -> CGPoint {
        CGPoint(curve.point(at: t))
    }

    /// The direction of travel at parameter `t`: `atan2(dy, dx)` of the
    /// derivative, in radians — the angle `rotationMode = .rotateAuto`
    /// turns a layer to. Where the derivative vanishes, its limiting
    /// direction.
    public func tangentAngle(at t: Double) -> Double {
        curve.tangentAngle(at: t)
    }

    /// The arc length from the start to parameter `t` (0…1).
    public func arcLength(to t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if points.count == 2 { return t * length }
        let i = max(parameters.partitioningIndex { $0 > t } - 1, 0)
        return lengths[i] + GaussLegendre.integrate(from: parameters[i], to: t, speed)
    }

    /// The parameter at arc length `distance` from the start, clamped to
    /// the segment.
    public func parameter(atDistance distance: Double) -> Double {
        guard length > 0, !distance.isNaN else { return 0 }
        let s = min(max(distance, 0), length)
        if points.count == 2 { return s / length }
        let i = min(max(lengths.partitioningIndex { $0 > s } - 1, 0), lengths.count - 2)
        var (low, high) = (parameters[i], parameters[i + 1])
        let (sLow, sHigh) = (lengths[i], lengths[i + 1])
        var t = sHigh > sLow ? low + (high - low) * (s - sLow) / (sHigh - sLow) : low
        let tolerance = 1e-13 * length
        for _ in 0..<100 {
            let error = sLow + GaussLegendre.integrate(from: parameters[i], to: t, speed) - s
            if abs(error) <= tolerance { break }
            if error > 0 { high = t } else { low = t }
            let v = speed(t)
            let newton = v > 0 ? t - error / v : .nan
            // Newton where it stays inside the bracket, bisection elsewhere.
            t = newton > low && newton < high ? newton : (low + high) / 2
            if high - low <= 4 * Double.ulpOfOne { break }
        }
        return t
    }

    /// The point at arc length `distance` from the start (clamped).
    public func point(atDistance distance: Double) -> CGPoint {
        point(at: parameter(atDistance: distance))
    }

    /// The direction of travel at arc length `distance` from the start.
    public func tangentAngle(atDistance distance: Double) -> Double {
        tangentAngle(at: parameter(atDistance: distance))
    }

    private func speed(_ t: Double) -> Double {
        let d = speedCurve.point(at: t)
        return hypot(d.x, d.y)
    }

    /// Splits 0…1 until 10-point Gauss–Legendre on each half agrees with the
    /// whole to 1e-13 of the control polygon's length (an upper bound of the
    /// arc length) per unit of parameter, so the total error stays below
    /// that bound. Cusps, where |B′| has a kink, are isolated in tiny
    /// intervals.
    private static func arcLengthTable(speed curve: Bezier, scale: Double) -> ([Double], [Double]) {
        func speed(_ t: Double) -> Double {
            let d = curve.point(at: t)
            return hypot(d.x, d.y)
        }
        var parameters = [0.0], lengths = [0.0]
        let tolerance = 1e-13 * scale
        func refine(_ a: Double, _ b: Double, _ whole: Double, depth: Int) {
            let middle = (a + b) / 2
            let left = GaussLegendre.integrate(from: a, to: middle, speed)
            let right = GaussLegendre.integrate(from: middle, to: b, speed)
            // Written so that NaN (a non-finite control point) stops too.
            if depth >= 48 || !(abs(left + right - whole) > tolerance * (b - a)) {
                parameters += [middle, b]
                lengths += [lengths[lengths.count - 1] + left, lengths[lengths.count - 1] + left + right]
            } else {
                refine(a, middle, left, depth: depth + 1)
                refine(middle, b, right, depth: depth + 1)
            }
        }
        refine(0, 1, GaussLegendre.integrate(from: 0, to: 1, speed), depth: 0)
        return (parameters, lengths)
    }
}

extension Array where Element == Double {
    /// The first index whose element satisfies `predicate`, which must be
    /// false for a prefix of the (sorted) array and true for the rest;
    /// `count` when it holds nowhere.
    func partitioningIndex(where predicate: (Double) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
