import Foundation

/// The 4×4 matrix Core Animation uses for `CALayer.transform` and
/// `sublayerTransform`, laid out exactly like QuartzCore's `CATransform3D`.
///
/// Points are row vectors multiplied on the left: `(x, y, z)` maps to
/// `[x y z 1] · M`, so the translation lives in `m41…m43` and the
/// perspective terms in `m14…m34` (the classic `m34 = −1/eyeDistance`).
/// The `CATransform3D…` functions keep Apple's names, argument order and
/// results, so Core Animation code ports line by line.
public struct CATransform3D: Sendable, Hashable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The all-zero matrix, like the zero-initializer Swift imports for the
    /// C struct. Use ``CATransform3DIdentity`` for the transform that changes
    /// nothing.
    public init() {
        self.init(rows: .zero, .zero, .zero, .zero)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

// MARK: - Rows

extension CATransform3D {
    typealias Row = SIMD4<Double>

    /// The matrix from its four rows, in `Double`.
    init(rows r1: Row, _ r2: Row, _ r3: Row, _ r4: Row) {
        self.init(
            m11: r1.x, m12: r1.y, m13: r1.z, m14: r1.w,
            m21: r2.x, m22: r2.y, m23: r2.z, m24: r2.w,
            m31: r3.x, m32: r3.y, m33: r3.z, m34: r3.w,
            m41: r4.x, m42: r4.y, m43: r4.z, m44: r4.w)
    }

    /// The four rows, in `Double`, for the matrix arithmetic.
    var rows: (Row, Row, Row, Row) {
        func row(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> Row {
            Row(Double(a), Double(b), Double(c), Double(d))
        }
        return (
            row(m11, m12, m13, m14), row(m21, m22, m23, m24), row(m31, m32, m33, m34), row(m41, m42, m43, m44)
        )
    }

    /// Whether every entry is finite (x · 0 is NaN exactly for infinite
    /// and NaN entries).
    public var isFinite: Bool {
        let (r1, r2, r3, r4) = rows
        let zero = Row.zero
        let product: Row = (r1 * zero) + (r2 * zero) + (r3 * zero) + (r4 * zero)
        return product == zero
    }
}
