import Foundation

/// The kind of a path element, with Core Graphics' names.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve with control point `points[0]` to `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve with control points `points[0]`, `points[1]` to `points[2]`.
    case addCurveToPoint = 3
    /// A line back to the start of the current subpath, closing it.
    case closeSubpath = 4
}

/// One element of a path: its kind and its points, control points first and
/// the end point last, as in Core Graphics' `CGPathElement`.
public struct CGPathElement: Sendable, Hashable {
    public let type: CGPathElementType
    public let points: [CGPoint]

    init(_ type: CGPathElementType, _ points: [CGPoint] = []) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which points a filled path covers.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the path winds around the point a non-zero number of times.
    case winding = 0
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}

/// The elements of a path as a value: what a ``CGPath`` holds, and what a
/// layer, an animation or a drawing recording keeps of one.
///
/// Core Graphics' paths are objects, and a `CGMutablePath` can change after
/// it was handed on. Core Animation does not see those changes: a layer
/// keeps its own copy of the path given to `path` or `shadowPath`
/// (`CGPathCreateCopy`, which only copies a mutable path), so drawing and
/// animation read a path that no one else can change. Swell stores that
/// copy as this value, which is also what makes paths interpolable point
/// by point (see its `Animatable` conformance) and safe to send to a
/// renderer's thread.
///
/// Builders that continue from the current point (lines, curves,
/// tangent arcs, closing) do nothing on an empty path, where Core Graphics
/// logs "no current point" and ignores the call.
public struct PathValue: Sendable, Hashable {
    /// The elements in order, as ``applyWithBlock(_:)`` visits them.
    public private(set) var elements: [CGPathElement] = []
    /// Where the current subpath started: the point a close returns to.
    private var subpathStart = CGPoint.zero

    /// An empty path.
    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element; after a close, the start of the
    /// closed subpath; `.zero` for an empty path.
    public var currentPoint: CGPoint {
        guard let last = elements.last else { return .zero }
        return last.type == .closeSubpath ? subpathStart : last.points[last.points.count - 1]
    }

    /// Calls `block` with each element in order (`CGPathApplyWithBlock`).
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        for element in elements {
            withUnsafePointer(to: element, block)
        }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    package mutating func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let start = point.applying(transform)
        elements.append(CGPathElement(.moveToPoint, [start]))
        subpathStart = start
    }

    /// Appends a line from the current point to `point`.
    package mutating func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.addLineToPoint, [point], transform)
    }

    /// Moves to the first point and adds lines through the others.
    package mutating func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() {
            addLine(to: point, transform: transform)
        }
    }

    /// Appends a quadratic Bézier curve from the current point.
    package mutating func addQuadCurve(
        to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
    ) {
        append(.addQuadCurveToPoint, [control, end], transform)
    }

    /// Appends a cubic Bézier curve from the current point.
    package mutating func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        append(.addCurveToPoint, [control1, control2, end], transform)
    }

    /// Closes the current subpath with a line back to its start. The current
    /// point becomes that start; a line or curve added next begins a new
    /// subpath there.
    package mutating func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(CGPathElement(.closeSubpath))
    }

    /// Appends `other`'s elements with their points transformed
    /// (`CGPathAddPath`). Its first move starts a new subpath.
    package mutating func addPath(_ other: PathValue, transform: CGAffineTransform = .identity) {
        self = PathValue(elements: elements + other.elements.map { element in
            CGPathElement(element.type, element.points.map { $0.applying(transform) })
        })
    }

    /// Appends an element that continues from the current point, unless
    /// there is none.
    private mutating func append(
        _ type: CGPathElementType, _ points: [CGPoint], _ transform: CGAffineTransform
    ) {
        guard !elements.isEmpty else { return }
        elements.append(CGPathElement(type, points.map { $0.applying(transform) }))
    }

    /// A path made of `elements`, which must be a sequence the builders
    /// could have produced (the first one a move).
    package init(elements: [CGPathElement]) {
        self.elements = elements
        subpathStart = elements.last { $0.type == .moveToPoint }?.points[0] ?? .zero
    }
}
