import Foundation

/// A 2D affine transformation matrix, with Core Graphics' fields and Swift API.
///
/// The matrix is
///
///     | a   b   0 |
///     | c   d   0 |
///     | tx  ty  1 |
///
/// and points are row vectors multiplied on the left, as in Core Graphics
/// ("CGAffineTransform", Apple documentation):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. Foundation on Linux has
/// `CGPoint`, `CGSize` and `CGRect` but no `CGAffineTransform`; this type
/// fills the gap with Apple's spelling so drawing and layer code ports
/// unchanged.
public struct CGAffineTransform: Sendable, Hashable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The all-zero matrix, like the zero-initializer Swift imports for the
    /// C struct. Use ``identity`` for the transform that changes nothing.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform, `[1 0 0 1 0 0]`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `[1 0 0 1 tx ty]`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `[sx 0 0 sy 0 0]`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `[cos θ, sin θ, −sin θ, cos θ, 0, 0]`: counter-clockwise for positive
    /// angles in Core Graphics' y-up space, clockwise on a flipped (y-down)
    /// layer, as Apple documents for `init(rotationAngle:)`.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(cos(Double(angle))), sine = CGFloat(sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether the transform is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`: the matrix product `self × t2`, so a point is
    /// mapped by `self` first (`CGAffineTransformConcat(self, t2)`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self` (`CGAffineTransformTranslate`):
    /// the offset is measured in the transformed coordinate space.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale applied before `self` (`CGAffineTransformScale`).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation applied before `self` (`CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or `self` unchanged when the matrix is singular, as
    /// Apple documents for `CGAffineTransformInvert`.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let inverse = CGAffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant)
        let fields = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
        return fields.allSatisfy(\.isFinite) ? inverse : self
    }
}

extension CGPoint {
    /// The point mapped by `t` (`CGPointApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t`, without translation
    /// (`CGSizeApplyAffineTransform`); components may become negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four transformed corners
    /// (`CGRectApplyAffineTransform`): a rotated rectangle becomes its
    /// bounding box. The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
            CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY),
        ].map { $0.applying(t) }
        return CGRect(boundingPoints: corners)
    }

    /// The smallest rectangle containing `points`, or `.null` for none.
    init(boundingPoints points: some Sequence<CGPoint>) {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for point in points {
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
        self = minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
