import Foundation

// QuartzCore's transform functions, with Apple's names and semantics
// ("CATransform3D", Core Animation documentation and CATransform3D.h).
// Every `CATransform3D<Operation>(t, …)` applies the operation *before* `t`:
// `t' = operation · t`, so its arguments are measured in `t`'s own space.

/// `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Whether the two matrices are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// `[1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// `[sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)`, which is
/// normalized first; a zero-length axis gives the identity, as
/// CATransform3D.h documents.
///
/// About z the matrix is `m11 = cos, m12 = sin, m21 = −sin, m22 = cos`:
/// positive angles turn +x towards +y (clockwise on a flipped layer).
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let axis = SIMD3<Double>(Double(x), Double(y), Double(z))
    let length = (axis * axis).sum().squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let rotation = Matrix3(rotation: Double(angle), axis: axis / length)
    return CATransform3D(linear: rotation)
}

/// `t` translated in its own space: `translation(tx, ty, tz) · t`.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` scaled in its own space: `scale(sx, sy, sz) · t`.
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` rotated in its own space: `rotation(angle, x, y, z) · t`.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The matrix product `a · b`: a point is mapped by `a` first, then by `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let (a1, a2, a3, a4) = a.rows
    let (b1, b2, b3, b4) = b.rows
    func row(_ r: SIMD4<Double>) -> SIMD4<Double> { r.x * b1 + r.y * b2 + r.z * b3 + r.w * b4 }
    return CATransform3D(rows: row(a1), row(a2), row(a3), row(a4))
}

/// The inverse of `t`, or `t` itself when it has no inverse, as
/// CATransform3D.h documents.
///
/// "No inverse" includes matrices that are singular up to rounding: the
/// determinant is compared with the product of the row lengths, its upper
/// bound (Hadamard's inequality), so a rotation followed by a zero scale is
/// caught even when rounding leaves a determinant of 1e-17, while tiny but
/// well-conditioned scales such as 1e-6 still invert.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse ?? t
}

/// The 3D form of an affine transform:
/// `[a b 0 0; c d 0 0; 0 0 1 0; tx ty 0 1]`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

/// Whether `t` is exactly representable as an affine transform: it leaves
/// z and w alone.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The affine part `[m11 m12 m21 m22 m41 m42]`. Like Apple's function, the
/// result only represents `t` when ``CATransform3DIsAffine(_:)`` is true.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

// MARK: - Inverse

extension CATransform3D {
    /// The inverse by cofactors (Laplace expansion over 2×2 minors), or nil
    /// when the matrix is singular to working precision.
    var inverse: CATransform3D? {
        let (r0, r1, r2, r3) = rows
        let (a00, a01, a02, a03) = (r0.x, r0.y, r0.z, r0.w)
        let (a10, a11, a12, a13) = (r1.x, r1.y, r1.z, r1.w)
        let (a20, a21, a22, a23) = (r2.x, r2.y, r2.z, r2.w)
        let (a30, a31, a32, a33) = (r3.x, r3.y, r3.z, r3.w)

        let s0 = a00 * a11 - a10 * a01, s1 = a00 * a12 - a10 * a02
        let s2 = a00 * a13 - a10 * a03, s3 = a01 * a12 - a11 * a02
        let s4 = a01 * a13 - a11 * a03, s5 = a02 * a13 - a12 * a03
        let c5 = a22 * a33 - a32 * a23, c4 = a21 * a33 - a31 * a23
        let c3 = a21 * a32 - a31 * a22, c2 = a20 * a33 - a30 * a23
        let c1 = a20 * a32 - a30 * a22, c0 = a20 * a31 - a30 * a21

        let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        let hadamardBound = [r0, r1, r2, r3].reduce(1.0) { $0 * ($1 * $1).sum().squareRoot() }
        guard determinant.isFinite, abs(determinant) > 64 * Double.ulpOfOne * hadamardBound else {
            return nil
        }
        let k = 1 / determinant
        let inverse = CATransform3D(
            rows:
                k * Row(a11 * c5 - a12 * c4 + a13 * c3, -a01 * c5 + a02 * c4 - a03 * c3,
                        a31 * s5 - a32 * s4 + a33 * s3, -a21 * s5 + a22 * s4 - a23 * s3),
            k * Row(-a10 * c5 + a12 * c2 - a13 * c1, a00 * c5 - a02 * c2 + a03 * c1,
                    -a30 * s5 + a32 * s2 - a33 * s1, a20 * s5 - a22 * s2 + a23 * s1),
            k * Row(a10 * c4 - a11 * c2 + a13 * c0, -a00 * c4 + a01 * c2 - a03 * c0,
                    a30 * s4 - a31 * s2 + a33 * s0, -a20 * s4 + a21 * s2 - a23 * s0),
            k * Row(-a10 * c3 + a11 * c1 - a12 * c0, a00 * c3 - a01 * c1 + a02 * c0,
                    -a30 * s3 + a31 * s1 - a32 * s0, a20 * s3 - a21 * s1 + a22 * s0))
        return inverse.isFinite ? inverse : nil
    }
}
