import Foundation

/// A path built up in place — Core Graphics' `CGMutablePath`, a subclass of
/// ``CGPath`` as in Apple's CoreGraphics overlay, so it can be declared with
/// `let` and handed on wherever a `CGPath` is taken:
///
///     let path = CGMutablePath()
///     path.addArc(center: center, radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
///     shapeLayer.path = path
///
/// Whoever keeps a path keeps a copy of its elements (see ``CGPath``), so
/// building on after handing it on changes only this object.
///
/// Every builder takes a `transform` applied to its points; builders that
/// continue from the current point (lines, curves, tangent arcs, closing)
/// do nothing on an empty path, where Core Graphics logs "no current point"
/// and ignores the call. The geometry of each is described on
/// ``PathValue``, which does the building.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path (`CGPathCreateMutable`).
    public init() {
        super.init(PathValue())
    }

    override package init(_ value: PathValue) {
        super.init(value)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.move(to: point, transform: transform) }
    }

    /// Appends a line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.addLine(to: point, transform: transform) }
    }

    /// Moves to the first point and adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        mutate { $0.addLines(between: points, transform: transform) }
    }

    /// Appends a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.addQuadCurve(to: end, control: control, transform: transform) }
    }

    /// Appends a cubic Bézier curve from the current point.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addCurve(to: end, control1: control1, control2: control2, transform: transform) }
    }

    /// Adds `rect` as a closed subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addRect(rect, transform: transform) }
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        mutate { $0.addRects(rects, transform: transform) }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addEllipse(in: rect, transform: transform) }
    }

    /// Adds a rectangle with quarter-ellipse corners as a closed subpath.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform) }
    }

    /// Adds an arc of the circle around `center` from `startAngle` to
    /// `endAngle`, joined by a line to the current point if there is one.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        mutate {
            $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                      clockwise: clockwise, transform: transform)
        }
    }

    /// Adds an arc of `radius` tangent to the lines from the current point
    /// to `tangent1End` and from there to `tangent2End`.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform) }
    }

    /// Adds an arc of the circle around `center` that starts at `startAngle`
    /// and turns through `delta` radians.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        mutate {
            $0.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta,
                              transform: transform)
        }
    }

    /// Appends the elements of `path`, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let appended = path.value
        mutate { $0.addPath(appended, transform: transform) }
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        mutate { $0.closeSubpath() }
    }
}
