import Foundation
import SwellCore

/// A projective map of the plane, `[x y 1] · H` followed by the division by
/// w — what a `CATransform3D` does to a layer's plane (z = 0) once the
/// result is flattened into the superlayer's plane, as Core Animation
/// renders every layer but a transform layer's sublayers (Core Animation
/// Programming Guide, "Layers Flatten Their Sublayers"). Row vectors on the
/// left, as `CATransform3D`: `a.concatenating(b)` maps by `a`, then `b`.
struct Homography: Equatable {
    typealias Row = SIMD3<Double>
    var r1: Row, r2: Row, r3: Row

    static let identity = Homography(r1: Row(1, 0, 0), r2: Row(0, 1, 0), r3: Row(0, 0, 1))

    init(r1: Row, r2: Row, r3: Row) {
        (self.r1, self.r2, self.r3) = (r1, r2, r3)
    }

    /// The map of `t` restricted to the plane z = 0 with z dropped: rows
    /// `(m11 m12 m14)`, `(m21 m22 m24)`, `(m41 m42 m44)`.
    init(plane t: CATransform3D) {
        self.init(r1: Row(Double(t.m11), Double(t.m12), Double(t.m14)),
                  r2: Row(Double(t.m21), Double(t.m22), Double(t.m24)),
                  r3: Row(Double(t.m41), Double(t.m42), Double(t.m44)))
    }

    init(_ t: CGAffineTransform) {
        self.init(r1: Row(Double(t.a), Double(t.b), 0), r2: Row(Double(t.c), Double(t.d), 0),
                  r3: Row(Double(t.tx), Double(t.ty), 1))
    }

    /// `self`, then `next`.
    func concatenating(_ next: Homography) -> Homography {
        func row(_ r: Row) -> Row { r.x * next.r1 + r.y * next.r2 + r.z * next.r3 }
        return Homography(r1: row(r1), r2: row(r2), r3: row(r3))
    }

    /// `(x, y, 1) · H`, before the division.
    func homogeneous(_ x: Double, _ y: Double) -> Row {
        x * r1 + y * r2 + r3
    }

    /// The point's image, or nil where w ≤ 0 (at or behind the eye).
    func project(_ p: CGPoint) -> CGPoint? {
        let h = homogeneous(Double(p.x), Double(p.y))
        guard h.z > 0 else { return nil }
        return CGPoint(x: h.x / h.z, y: h.y / h.z)
    }

    /// w of the point's image: linear in the point.
    func w(_ p: CGPoint) -> Double {
        homogeneous(Double(p.x), Double(p.y)).z
    }

    /// Whether w is the same everywhere: the map is then affine (after
    /// dividing by that w), and Cairo draws the layer directly.
    var isAffine: Bool { r1.z == 0 && r2.z == 0 && r3.z > 0 }

    /// The affine map, for an ``isAffine`` homography.
    var affine: CGAffineTransform {
        let w = r3.z
        return CGAffineTransform(a: r1.x / w, b: r1.y / w, c: r2.x / w, d: r2.y / w, tx: r3.x / w, ty: r3.y / w)
    }

    var determinant: Double {
        r1.x * (r2.y * r3.z - r2.z * r3.y) - r1.y * (r2.x * r3.z - r2.z * r3.x) + r1.z * (r2.x * r3.y - r2.y * r3.x)
    }

    /// The inverse map (the adjugate over the determinant), or nil when the
    /// plane is seen edge-on.
    var inverse: Homography? {
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        let c1 = Row(r2.y * r3.z - r2.z * r3.y, r1.z * r3.y - r1.y * r3.z, r1.y * r2.z - r1.z * r2.y)
        let c2 = Row(r2.z * r3.x - r2.x * r3.z, r1.x * r3.z - r1.z * r3.x, r1.z * r2.x - r1.x * r2.z)
        let c3 = Row(r2.x * r3.y - r2.y * r3.x, r1.y * r3.x - r1.x * r3.y, r1.x * r2.y - r1.y * r2.x)
        return Homography(r1: c1 / det, r2: c2 / det, r3: c3 / det)
    }

    /// The largest factor by which the map stretches a length at `p`: the
    /// larger singular value of its Jacobian there. How many pixels per
    /// layer point a flattened layer needs not to look blurred.
    func magnification(at p: CGPoint) -> Double {
        let h = homogeneous(Double(p.x), Double(p.y))
        let (X, Y) = (h.x / h.z, h.y / h.z)
        let a = (r1.x - X * r1.z) / h.z, b = (r1.y - Y * r1.z) / h.z
        let c = (r2.x - X * r2.z) / h.z, d = (r2.y - Y * r2.z) / h.z
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        return ((sum + max(sum * sum - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
    }
}
