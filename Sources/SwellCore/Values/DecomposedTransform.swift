import Foundation

/// A ``CATransform3D`` taken apart into translation, scale, skew,
/// perspective and a rotation quaternion — the "unmatrix" algorithm of
/// Graphics Gems II (Spencer W. Thomas, "Decomposing a Matrix into Simple
/// Transformations") as CSS Transforms Level 2 specifies it for
/// interpolating matrices ("Decomposing a 3D matrix", "Recomposing to a 3D
/// matrix").
///
/// In Core Animation's row-vector convention the matrix, divided by `m44`,
/// is the product
///
///     M = scale · skew · rotation · translation · perspective
///
/// applied left to right: a point is scaled first and moved into
/// perspective last. `skew` is the unit lower-triangular matrix
/// `[1 0 0; xy 1 0; xz yz 1]`, and `perspective` is the identity with
/// `(x, y, z, w)` as its last column.
///
/// Two departures from the pseudo-code, both only where it would fail:
/// the rotation is read with Shepperd's method (see ``Quaternion``) so that
/// a round trip is exact to rounding, and a zero scale factor is accepted
/// when its whole row is zero (`CATransform3DMakeScale(0, 0, 1)`), by
/// completing the orthonormal frame, so that a layer can grow from nothing.
/// Matrices that still cannot be decomposed — `m44 = 0`, non-finite
/// entries, parallel non-zero rows, or perspective over a singular linear
/// part — give nil, and their animations switch discretely, as CSS
/// prescribes.
struct DecomposedTransform: Equatable, Sendable {
    var translation: SIMD3<Double> = .zero
    var scale: SIMD3<Double> = .one
    /// The shear factors `(xy, xz, yz)`.
    var skew: SIMD3<Double> = .zero
    var perspective: SIMD4<Double> = [0, 0, 0, 1]
    var rotation: Quaternion = .identity

    init() {}

    init?(_ transform: CATransform3D) {
        guard transform.isFinite, transform.m44 != 0 else { return nil }
        let (r0, r1, r2, r3) = transform.rows
        let w = r3.w
        let l0 = SIMD3(r0.x, r0.y, r0.z) / w
        let l1 = SIMD3(r1.x, r1.y, r1.z) / w
        let l2 = SIMD3(r2.x, r2.y, r2.z) / w
        translation = SIMD3(r3.x, r3.y, r3.z) / w

        // Perspective: the last column is linear · p, and 1 = t · p + p.w.
        let column = SIMD3(r0.w, r1.w, r2.w) / w
        if column != .zero {
            guard let p = Matrix3(r0: l0, r1: l1, r2: l2).solve(column) else { return nil }
            perspective = SIMD4(p, 1 - dot(translation, p))
        }

        // Scale and skew: Gram–Schmidt on the rows.
        var u0, u1, u2: SIMD3<Double>
        scale.x = length(l0)
        u0 = scale.x > 0 ? l0 / scale.x : Self.unitVector(orthogonalTo: [])

        skew.x = dot(u0, l1)
        let v1 = l1 - skew.x * u0
        scale.y = length(v1)
        if scale.y > 0 {
            u1 = v1 / scale.y
            skew.x /= scale.y
        } else {
            guard skew.x == 0 else { return nil }
            u1 = Self.unitVector(orthogonalTo: [u0])
        }

        skew.y = dot(u0, l2)
        skew.z = dot(u1, l2)
        let v2 = l2 - skew.y * u0 - skew.z * u1
        scale.z = length(v2)
        if scale.z > 0 {
            u2 = v2 / scale.z
            skew.y /= scale.z
            skew.z /= scale.z
        } else {
            guard skew.y == 0, skew.z == 0 else { return nil }
            u2 = cross(u0, u1)
        }

        // A reflection: flip a free (zero-scale) direction if there is one,
        // otherwise negate the frame and the scale factors as unmatrix does.
        if dot(u0, cross(u1, u2)) < 0 {
            if scale.x == 0 {
                u0 = -u0
                skew.x = -skew.x
                skew.y = -skew.y
            } else if scale.y == 0 {
                u1 = -u1
                skew.z = -skew.z
            } else {
                scale = -scale
                (u0, u1, u2) = (-u0, -u1, -u2)
            }
        }
        rotation = Quaternion(rotation: Matrix3(r0: u0, r1: u1, r2: u2))
    }

    /// The first of x, y, z orthogonalized against `frame` with the largest
    /// remainder, normalized.
    private static func unitVector(orthogonalTo frame: [SIMD3<Double>]) -> SIMD3<Double> {
        let candidates: [SIMD3<Double>] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map { axis in
            frame.reduce(axis) { v, u in v - dot(u, v) * u }
        }
        let best = candidates.max { length($0) < length($1) }!
        return best / length(best)
    }

    /// The recomposed matrix (normalized: the input's `m44` is not restored).
    var transform: CATransform3D {
        let q = rotation.rotationMatrix
        let shear = Matrix3(
            r0: [1, 0, 0], r1: [skew.x, 1, 0], r2: [skew.y, skew.z, 1])
        let u = shear * q
        let l = Matrix3(r0: scale.x * u.r0, r1: scale.y * u.r1, r2: scale.z * u.r2)
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        return CATransform3D(
            rows: SIMD4(l.r0, dot(l.r0, p)), SIMD4(l.r1, dot(l.r1, p)), SIMD4(l.r2, dot(l.r2, p)),
            SIMD4(translation, dot(translation, p) + perspective.w))
    }

    /// Component-wise interpolation with spherical interpolation of the
    /// rotation ("Interpolation of decomposed 3D matrix values", CSS
    /// Transforms Level 2).
    func interpolated(to other: DecomposedTransform, fraction t: Double) -> DecomposedTransform {
        var result = DecomposedTransform()
        result.translation = translation + (other.translation - translation) * t
        result.scale = scale + (other.scale - scale) * t
        result.skew = skew + (other.skew - skew) * t
        result.perspective = perspective + (other.perspective - perspective) * t
        result.rotation = rotation.slerp(to: other.rotation, fraction: t)
        return result
    }
}

// MARK: - Euler angles

extension DecomposedTransform {
    /// The rotation as angles about x, y and z, applied in that order
    /// (rotation = Rx · Ry · Rz in row-vector form): the z angle is the
    /// last, in-plane turn, the one `transform.rotation.z` reads and writes.
    ///
    /// Reading gives x and z in −π…π and y in −π/2…π/2; at y = ±π/2 (gimbal
    /// lock) z is reported as 0 and the whole in-plane turn as x. Writing
    /// builds the matrix from the three angles.
    var eulerAngles: SIMD3<Double> {
        get {
            let q = rotation.rotationMatrix
            // q.r0 = [cy·cz, cy·sz, −sy], q.r1.z = sx·cy, q.r2.z = cx·cy
            let cosY = hypot(q.r0.x, q.r0.y)
            let y = atan2(-q.r0.z, cosY)
            guard cosY > 1e-12 else {
                // With z = 0: q.r1 = [sx·sy, cx, sx·cy], q.r2 = [cx·sy, −sx, cx·cy].
                return [atan2(-q.r2.y, q.r1.y), y, 0]
            }
            return [atan2(q.r1.z, q.r2.z), y, atan2(q.r0.y, q.r0.x)]
        }
        set {
            let m = Matrix3(rotation: newValue.x, axis: [1, 0, 0])
                * Matrix3(rotation: newValue.y, axis: [0, 1, 0])
                * Matrix3(rotation: newValue.z, axis: [0, 0, 1])
            rotation = Quaternion(rotation: m)
        }
    }
}
