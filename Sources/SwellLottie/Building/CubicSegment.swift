import Foundation

/// One edge of a Lottie path as a cubic Bézier of absolute control points:
/// what zig zag samples and offset paths move (lottie-web's
/// PolynomialBezier).
struct CubicSegment {
    var p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    /// Edge `k` of `path`, from vertex k to the next one (the first, after
    /// the last of a closed path), or back when `reversed`. A handle of no
    /// length is put a third of the way along the chord, as lottie-web
    /// does: a straight edge is then evenly parametrised, and every edge has
    /// a direction at its ends.
    init(_ path: LottieBezier, edge k: Int, reversed: Bool = false) {
        let a = path.vertices[k], b = path.vertices[(k + 1) % path.vertices.count]
        var (p0, p1, p2, p3) = (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
        if reversed { (p0, p1, p2, p3) = (p3, p2, p1, p0) }
        if p1 == p0 { p1 = p0 + (p3 - p0) * (1.0 / 3) }
        if p2 == p3 { p2 = p0 + (p3 - p0) * (2.0 / 3) }
        self.init(p0, p1, p2, p3)
    }

    var isPoint: Bool { p1 == p0 && p2 == p0 && p3 == p0 }

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// The velocity at `t`, the curve's direction there.
    func derivative(at t: Double) -> CGPoint {
        let u = 1 - t
        return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }

    /// The two halves either side of `t` (de Casteljau).
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { a + (b - a) * t }
        let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
        let d = mix(a, b), e = mix(b, c), f = mix(d, e)
        return (CubicSegment(p0, a, d, f), CubicSegment(f, e, c, p3))
    }

    /// The parameters strictly inside (0, 1) where the curve turns the
    /// other way: the roots of B′(t) × B″(t), a quadratic once the cubic
    /// is written `a t³ + b t² + c t + p0`.
    var inflections: [Double] {
        let a = p3 - p0 + (p1 - p2) * 3, b = (p0 - p1 * 2 + p2) * 3, c = (p1 - p0) * 3
        // B′ × B″ = (3a t² + 2b t + c) × (6a t + 2b) = −6(a×b) t² + 6(c×a) t + 2(c×b).
        let ab = a.cross(b)
        guard abs(ab) > 1e-12 * max(a.length * b.length, 1e-300) else {
            // Degree two at most: one root of the linear part, if any.
            let ca = c.cross(a)
            guard abs(ca) > 1e-12 else { return [] }
            let t = -c.cross(b) / (3 * ca)
            return t > 0 && t < 1 ? [t] : []
        }
        let mid = c.cross(a) / (2 * ab)
        let square = mid * mid + c.cross(b) / (3 * ab)
        guard square >= 0 else { return [] }
        let root = square.squareRoot()
        return [mid - root, mid + root].filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// The box of the control points, which holds the curve.
    var hull: CGRect {
        let xs = [p0.x, p1.x, p2.x, p3.x], ys = [p0.y, p1.y, p2.y, p3.y]
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The first place, along this segment, where it crosses `other`, as
    /// the parameters of both — found by halving both while their hulls
    /// meet. Where this segment ends at the other's start, touching there
    /// is not a crossing.
    func firstIntersection(with other: CubicSegment, tolerance: Double = 1e-3) -> (Double, Double)? {
        let joint = p3.distance(to: other.p0) <= tolerance ? p3 : nil
        func search(_ a: CubicSegment, _ ta: ClosedRange<Double>, _ b: CubicSegment, _ tb: ClosedRange<Double>,
                    depth: Int) -> (Double, Double)? {
            let boxA = a.hull.insetBy(dx: -tolerance / 2, dy: -tolerance / 2)
            let boxB = b.hull.insetBy(dx: -tolerance / 2, dy: -tolerance / 2)
            guard boxA.intersects(boxB) else { return nil }
            let small = max(boxA.width, boxA.height, boxB.width, boxB.height) <= 2 * tolerance
            if small || depth == 40 {
                let hit = (a.point(at: 0.5) + b.point(at: 0.5)) * 0.5
                if let joint, hit.distance(to: joint) <= 4 * tolerance { return nil }
                return ((ta.lowerBound + ta.upperBound) / 2, (tb.lowerBound + tb.upperBound) / 2)
            }
            let (a0, a1) = a.split(at: 0.5), (b0, b1) = b.split(at: 0.5)
            let ma = (ta.lowerBound + ta.upperBound) / 2, mb = (tb.lowerBound + tb.upperBound) / 2
            for (pa, ra) in [(a0, ta.lowerBound...ma), (a1, ma...ta.upperBound)] {
                for (pb, rb) in [(b0, tb.lowerBound...mb), (b1, mb...tb.upperBound)] {
                    if let hit = search(pa, ra, pb, rb, depth: depth + 1) { return hit }
                }
            }
            return nil
        }
        return search(self, 0...1, other, 0...1, depth: 0)
    }
}

extension CGPoint {
    /// The z of the cross product: positive when `other` turns from this
    /// vector the way +x turns to +y.
    func cross(_ other: CGPoint) -> Double { x * other.y - y * other.x }
    func dot(_ other: CGPoint) -> Double { x * other.x + y * other.y }
    var length: Double { (x * x + y * y).squareRoot() }
    /// The vector of length 1 the same way; zero for zero.
    var unit: CGPoint { length > 0 ? self * (1 / length) : .zero }
}
