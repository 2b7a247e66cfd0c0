import Foundation

/// A Bézier curve of degree 0…3 given by its control points: the arithmetic
/// behind path measurement, bounds and hit testing.
struct Bezier: Sendable {
    let points: [SIMD2<Double>]

    init(_ points: [SIMD2<Double>]) {
        self.points = points
    }

    init(_ points: [CGPoint]) {
        self.points = points.map(SIMD2.init)
    }

    var start: SIMD2<Double> { points[0] }
    var end: SIMD2<Double> { points[points.count - 1] }

    /// The point at parameter `t`, by de Casteljau's algorithm (stable for
    /// every t in 0…1).
    func point(at t: Double) -> SIMD2<Double> {
        var p = points
        for level in stride(from: p.count - 1, to: 0, by: -1) {
            for i in 0..<level {
                p[i] += (p[i + 1] - p[i]) * t
            }
        }
        return p[0]
    }

    /// The derivative curve (hodograph): `n·(pᵢ₊₁ − pᵢ)`; a constant's
    /// derivative is the zero constant.
    var derivative: Bezier {
        let n = Double(points.count - 1)
        guard n > 0 else { return Bezier([SIMD2<Double>.zero]) }
        return Bezier((0..<points.count - 1).map { (points[$0 + 1] - points[$0]) * n })
    }

    /// The length of the control polygon, an upper bound of the arc length.
    var polygonLength: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// The parameters in the open interval (0, 1) where the `axis`
    /// coordinate (0 = x, 1 = y) has zero derivative, in increasing order.
    func stationaryParameters(axis: Int) -> [Double] {
        let c = derivative.points.map { $0[axis] }
        let roots: [Double]
        switch c.count {
        case 2:
            roots = c[0] == c[1] ? [] : [c[0] / (c[0] - c[1])]
        case 3:
            // c₀(1−t)² + 2c₁(1−t)t + c₂t² = (c₀ − 2c₁ + c₂)t² + 2(c₁ − c₀)t + c₀
            roots = quadraticRoots(c[0] - 2 * c[1] + c[2], 2 * (c[1] - c[0]), c[0])
        default:
            roots = []
        }
        return roots.filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// The direction of travel at `t`, as an angle `atan2(dy, dx)`.
    ///
    /// Where the derivative vanishes (a control point on an end point, a
    /// cusp) the direction is the limit of the derivative's direction: the
    /// first non-zero higher derivative gives it, approached from inside the
    /// curve — from the right except at t = 1. A curve that is a single point
    /// has direction 0.
    func tangentAngle(at t: Double) -> Double {
        var curve = derivative
        for order in 1...3 {
            var direction = curve.point(at: t)
            // B'(t + h) ≈ h^(k−1)/(k−1)! · B⁽ᵏ⁾(t): from the left (h < 0)
            // the even derivatives point backwards.
            if t == 1, order % 2 == 0 { direction = -direction }
            if direction != .zero { return atan2(direction.y, direction.x) }
            curve = curve.derivative
        }
        return 0
    }
}

/// The real roots of a·t² + b·t + c, computed without cancellation.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
    if a == 0 { return b == 0 ? [] : [-c / b] }
    let discriminant = b * b - 4 * a * c
    guard discriminant >= 0 else { return [] }
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
    return q == 0 ? [0] : [q / a, c / q]
}

func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = b - a
    return hypot(d.x, d.y)
}

extension CGPoint {
    init(_ v: SIMD2<Double>) {
        self.init(x: v.x, y: v.y)
    }
}

extension SIMD2<Double> {
    init(_ point: CGPoint) {
        self.init(Double(point.x), Double(point.y))
    }
}
