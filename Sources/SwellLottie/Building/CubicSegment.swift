import Foundation

/// One edge of a Lottie path as a cubic Bézier of absolute control points:
/// what zig zag samples (lottie-web's PolynomialBezier).
struct CubicSegment {
    var p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    /// Edge `k` of `path`, from vertex k to the next one (the first, after
    /// the last of a closed path). A handle of no length is put a third of
    /// the way along the chord, as lottie-web does: a straight edge is then
    /// evenly parametrised, and every edge has a direction at its ends.
    init(_ path: LottieBezier, edge k: Int) {
        let a = path.vertices[k], b = path.vertices[(k + 1) % path.vertices.count]
        var (p0, p1, p2, p3) = (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
        if p1 == p0 { p1 = p0 + (p3 - p0) * (1.0 / 3) }
        if p2 == p3 { p2 = p0 + (p3 - p0) * (2.0 / 3) }
        self.init(p0, p1, p2, p3)
    }

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// The velocity at `t`, the curve's direction there.
    func derivative(at t: Double) -> CGPoint {
        let u = 1 - t
        return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }
}

extension CGPoint {
    var length: Double { (x * x + y * y).squareRoot() }
    /// The vector of length 1 the same way; zero for zero.
    var unit: CGPoint { length > 0 ? self * (1 / length) : .zero }
}
