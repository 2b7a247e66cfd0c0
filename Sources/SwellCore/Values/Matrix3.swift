import Foundation

/// A 3×3 matrix of row vectors, the linear part of a ``CATransform3D``.
///
/// Same convention as Core Animation: a vector `v` maps to `v · M`, so
/// `A * B` applies `A` first.
struct Matrix3: Equatable, Sendable {
    var r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>

    init(r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>) {
        (self.r0, self.r1, self.r2) = (r0, r1, r2)
    }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { r.x * b.r0 + r.y * b.r1 + r.z * b.r2 }
        return Matrix3(r0: row(a.r0), r1: row(a.r1), r2: row(a.r2))
    }

    var transposed: Matrix3 {
        Matrix3(r0: [r0.x, r1.x, r2.x], r1: [r0.y, r1.y, r2.y], r2: [r0.z, r1.z, r2.z])
    }

    var determinant: Double { dot(r0, cross(r1, r2)) }

    /// The solution `x` of `M · x = b` (column vector `x`), or nil when the
    /// matrix is singular. Cramer's rule on the rows.
    func solve(_ b: SIMD3<Double>) -> SIMD3<Double>? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        // Columns of M are the components of the rows.
        let c0 = SIMD3(r0.x, r1.x, r2.x), c1 = SIMD3(r0.y, r1.y, r2.y), c2 = SIMD3(r0.z, r1.z, r2.z)
        let x = SIMD3(dot(b, cross(c1, c2)), dot(c0, cross(b, c2)), dot(c0, cross(c1, b))) / det
        return x.isFinite ? x : nil
    }

    /// The rotation by `angle` radians about the unit vector `axis`, in the
    /// row-vector form of `CATransform3DMakeRotation` (the transpose of the
    /// column-vector Rodrigues matrix).
    init(rotation angle: Double, axis: SIMD3<Double>) {
        let (c, s) = (cos(angle), sin(angle))
        let t = 1 - c
        let (x, y, z) = (axis.x, axis.y, axis.z)
        self.init(
            r0: [t * x * x + c, t * x * y + s * z, t * x * z - s * y],
            r1: [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
            r2: [t * x * z + s * y, t * y * z - s * x, t * z * z + c])
    }
}

extension CATransform3D {
    /// The transform with `linear` as its upper 3×3 part and no translation
    /// or perspective.
    init(linear m: Matrix3) {
        self.init(
            rows: SIMD4(m.r0, 0), SIMD4(m.r1, 0), SIMD4(m.r2, 0), SIMD4(0, 0, 0, 1))
    }
}

func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

func length(_ v: SIMD3<Double>) -> Double { dot(v, v).squareRoot() }

extension SIMD3<Double> {
    /// Whether all three numbers are finite (also the `Animatable` check).
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
