import Foundation

/// A graphics path — lines and quadratic and cubic Bézier curves grouped in
/// subpaths — with Core Graphics' Swift API: an object that does not
/// change, whose subclass ``CGMutablePath`` is built up in place, as in
/// Apple's CoreGraphics overlay (`let path = CGMutablePath();
/// path.addArc(…); shapeLayer.path = path`).
///
/// Two paths are equal when their elements are (`CGPathEqualToPath`), and
/// then hash alike.
///
/// What a path holds is a ``PathValue``. A layer property, an animation or
/// a drawing context given a path keeps a copy of that value, so changing a
/// mutable path afterwards changes none of them — Core Animation copies a
/// path it is given (see ``PathValue``), and so reading `layer.path` back
/// gives an equal path, not the same object.
///
/// Core Graphics makes no promise about a mutable path used from several
/// threads; here the elements are kept behind a lock, so a path is safe to
/// send and share.
public class CGPath: Hashable, @unchecked Sendable {
    /// The elements; only a ``CGMutablePath`` changes them.
    private let storage: Locked<PathValue>

    /// A path holding `value`.
    package init(_ value: PathValue) {
        storage = Locked(value)
    }

    /// The path's elements as a value, copied as they are now.
    public var value: PathValue { storage.withLock { $0 } }

    /// Changes the elements in place: the one way a ``CGMutablePath`` builds.
    func mutate(_ change: (inout PathValue) -> Void) {
        storage.withLock { change(&$0) }
    }

    /// A path holding the rectangle `rect` (`CGPathCreateWithRect`): a move
    /// to its minimum corner and lines around it, closed.
    public convenience init(rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init(PathValue(rect: rect, transform: transform))
    }

    /// A path holding the ellipse inscribed in `rect`
    /// (`CGPathCreateWithEllipseInRect`): four quarter Béziers, closed.
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init(PathValue(ellipseIn: rect, transform: transform))
    }

    /// A path holding a rounded rectangle (`CGPathCreateWithRoundedRect`).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        self.init(PathValue(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform))
    }

    // MARK: Reading

    /// The elements in order, as ``applyWithBlock(_:)`` visits them.
    public var elements: [CGPathElement] { value.elements }

    /// Whether the path has no elements (`CGPathIsEmpty`).
    public var isEmpty: Bool { value.isEmpty }

    /// The end point of the last element; after a close, the start of the
    /// closed subpath; `.zero` for an empty path (`CGPathGetCurrentPoint`).
    public var currentPoint: CGPoint { value.currentPoint }

    /// The smallest rectangle containing every point of the path's elements,
    /// control points included (`CGPathGetBoundingBox`); `.null` when empty.
    public var boundingBox: CGRect { value.boundingBox }

    /// The smallest rectangle containing the path as drawn
    /// (`CGPathGetPathBoundingBox`); `.null` when empty.
    public var boundingBoxOfPath: CGRect { value.boundingBoxOfPath }

    /// Whether `point` is inside the area the path fills under `rule`
    /// (`CGPathContainsPoint`), after applying `transform` to the point.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        value.contains(point, using: rule, transform: transform)
    }

    /// Calls `block` with each element in order (`CGPathApplyWithBlock`).
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        value.applyWithBlock(block)
    }

    // MARK: Copying

    /// An immutable copy (`CGPathCreateCopy`). Optional because Apple's is;
    /// never nil.
    public func copy() -> CGPath? {
        CGPath(value)
    }

    /// An immutable copy with every point transformed
    /// (`CGPathCreateCopyByTransformingPath`); nil `transform` copies as is.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(transformedValue(transform))
    }

    /// A mutable copy (`CGPathCreateMutableCopy`). Optional because Apple's
    /// is; never nil.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(value)
    }

    /// A mutable copy with every point transformed
    /// (`CGPathCreateMutableCopyByTransformingPath`).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(transformedValue(transform))
    }

    private func transformedValue(_ transform: UnsafePointer<CGAffineTransform>?) -> PathValue {
        var copy = PathValue()
        copy.addPath(value, transform: transform?.pointee ?? .identity)
        return copy
    }

    // MARK: Equality

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

/// Core Graphics' initialisers as Apple's Swift overlay declares them, with
/// the transform as an optional pointer — `CGPath(ellipseIn: rect,
/// transform: nil)` is how Apple's code usually asks for none.
extension CGPath {
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                  transform: transform?.pointee ?? .identity)
    }
}
