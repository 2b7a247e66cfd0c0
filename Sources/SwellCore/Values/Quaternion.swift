import Foundation

/// A unit quaternion `(x, y, z, w)` holding the rotation of a decomposed
/// transform: the rotation by θ about the unit axis `n` is
/// `(n·sin(θ/2), cos(θ/2))`, and its matrix equals
/// `CATransform3DMakeRotation(θ, n.x, n.y, n.z)`.
struct Quaternion: Equatable, Sendable {
    var vector: SIMD4<Double>

    static let identity = Quaternion(vector: [0, 0, 0, 1])

    init(vector: SIMD4<Double>) {
        self.vector = vector
    }

    /// The rotation by `angle` radians about the unit vector `axis`.
    init(angle: Double, axis: SIMD3<Double>) {
        vector = SIMD4(axis * sin(angle / 2), cos(angle / 2))
    }

    /// The quaternion of an orthonormal, right-handed matrix in row-vector
    /// form.
    ///
    /// Shepperd's method: the largest of |w|, |x|, |y|, |z| is taken from the
    /// diagonal by a square root and the others from off-diagonal sums and
    /// differences divided by it. Taking every component from the diagonal
    /// (as Graphics Gems' unmatrix does) loses half the digits for small
    /// angles, since √ε ≈ 1e-8. The sign is chosen so that w ≥ 0.
    init(rotation q: Matrix3) {
        // Column-vector form R = Qᵀ, whose entries the textbook formulas use.
        let r = q.transposed
        let (r00, r01, r02) = (r.r0.x, r.r0.y, r.r0.z)
        let (r10, r11, r12) = (r.r1.x, r.r1.y, r.r1.z)
        let (r20, r21, r22) = (r.r2.x, r.r2.y, r.r2.z)
        let trace = r00 + r11 + r22
        var v: SIMD4<Double>
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()
            v = [(r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s, s / 4]
        } else if r00 >= r11, r00 >= r22 {
            let s = 2 * (1 + r00 - r11 - r22).squareRoot()
            v = [s / 4, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s]
        } else if r11 >= r22 {
            let s = 2 * (1 + r11 - r00 - r22).squareRoot()
            v = [(r01 + r10) / s, s / 4, (r12 + r21) / s, (r02 - r20) / s]
        } else {
            let s = 2 * (1 + r22 - r00 - r11).squareRoot()
            v = [(r02 + r20) / s, (r12 + r21) / s, s / 4, (r10 - r01) / s]
        }
        if v.w < 0 { v = -v }
        vector = v / (v * v).sum().squareRoot()
    }

    /// The rotation matrix in row-vector form.
    var rotationMatrix: Matrix3 {
        let (x, y, z, w) = (vector.x, vector.y, vector.z, vector.w)
        return Matrix3(
            r0: [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
            r1: [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
            r2: [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)])
    }

    /// The rotation angle in `0...π` and its unit axis (x when the angle is 0).
    var angleAndAxis: (angle: Double, axis: SIMD3<Double>) {
        let v = SIMD3(vector.x, vector.y, vector.z)
        let sine = length(v)
        guard sine > 0 else { return (0, [1, 0, 0]) }
        return (2 * atan2(sine, vector.w), v / sine)
    }

    /// The same quaternion or its negation, whichever is on `reference`'s
    /// side: q and −q are the same rotation, and the shorter arc between
    /// two rotations joins representatives with a non-negative dot product.
    func aligned(with reference: Quaternion) -> Quaternion {
        (vector * reference.vector).sum() < 0 ? Quaternion(vector: -vector) : self
    }

    /// The angle between the two unit 4-vectors, computed as
    /// 2·atan2(|a − b|, |a + b|), which stays accurate for nearly equal
    /// quaternions where acos(a·b) would lose half the digits.
    func arc(to other: Quaternion) -> Double {
        let difference = vector - other.vector, sum = vector + other.vector
        return 2 * atan2((difference * difference).sum().squareRoot(), (sum * sum).sum().squareRoot())
    }

    /// The rotation angle (0...π) that takes `self` to `other`.
    func rotationAngle(to other: Quaternion) -> Double {
        2 * arc(to: other.aligned(with: self))
    }

    /// Spherical linear interpolation along the shorter arc (Shoemake 1985),
    /// the rotation part of transform interpolation in CSS Transforms Level 2
    /// and in Core Animation, which turns a layer the short way round
    /// between two `transform` matrices.
    func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
        let target = other.aligned(with: self)
        let theta = arc(to: target)
        let sine = sin(theta)
        let v: SIMD4<Double>
        if sine < 1e-12 {
            v = vector + (target.vector - vector) * t
        } else {
            v = vector * (sin((1 - t) * theta) / sine) + target.vector * (sin(t * theta) / sine)
        }
        return Quaternion(vector: v / (v * v).sum().squareRoot())
    }
}
