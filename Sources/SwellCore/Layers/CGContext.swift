import Foundation

/// A drawing context that records what is drawn into it: the context a
/// layer's ``CALayer/draw(in:)`` receives.
///
/// Core Graphics rasterises; Swell's layers have no pixels of their own, so
/// the default ``CALayer/display()`` keeps the recorded operations as the
/// layer's `contents` — a display list a visual host can render. The API is
/// a subset of `CGContext`: graphics state, the current transformation
/// matrix, rectangular clipping, paths, fill and stroke. As in Core
/// Graphics, points are transformed by the matrix in effect when they are
/// added to the path, and a clip by the matrix in effect when it is set:
/// a recording is in the context's own (device) coordinates.
public final class CGContext {
    /// A recorded fill or stroke of a path, in the context's coordinates.
    public struct Operation: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case fill(CGPathFillRule)
            case stroke(lineWidth: CGFloat)
        }

        public let kind: Kind
        public let path: CGPath
        public let color: CGColor
        /// The clip in effect, in the context's coordinates: the
        /// intersection of the rectangles clipped to, or nil when nothing
        /// was clipped. A replay draws the operation only inside it.
        public let clip: CGRect?
    }

    /// What a context recorded, as a `Sendable` value a render host can
    /// replay on its own thread (``LayerContents/drawing(_:)``).
    public struct Recording: Sendable, Equatable {
        /// The size of the drawing area.
        public let size: CGSize
        /// The operations in the order they were drawn.
        public let operations: [Operation]
    }

    private struct GraphicsState {
        var transform = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var lineWidth: CGFloat = 1
        /// In the context's coordinates; nil for the whole plane.
        var clip: CGRect?
    }

    /// The size of the drawing area (the layer's bounds).
    public let size: CGSize
    /// Everything drawn so far, in order.
    public private(set) var operations: [Operation] = []

    private var state = GraphicsState()
    private var savedStates: [GraphicsState] = []
    private var path = CGPath()

    public init(size: CGSize) {
        self.size = size
    }

    // MARK: Graphics state

    public func saveGState() { savedStates.append(state) }

    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    /// The current transformation matrix.
    public var ctm: CGAffineTransform { state.transform }

    public func concatenate(_ transform: CGAffineTransform) {
        state.transform = transform.concatenating(state.transform)
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) { concatenate(CGAffineTransform(translationX: tx, y: ty)) }
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Everything drawn so far, as a value.
    public var recording: Recording { Recording(size: size, operations: operations) }

    // MARK: Clipping

    /// Narrows the clip to `rect`, in the current user coordinates, as
    /// `CGContext.clip(to:)`; `restoreGState()` widens it again. Only
    /// axis-aligned rectangles are kept exactly: a rectangle under a rotating
    /// matrix clips to its bounding box.
    public func clip(to rect: CGRect) {
        let device = rect.applying(state.transform)
        state.clip = state.clip.map { $0.intersection(device) } ?? device
    }

    /// The bounding box of the clip, in the current user coordinates
    /// (`CGContextGetClipBoundingBox`): the drawing area when nothing was
    /// clipped. A `CATiledLayer` tile's context answers the tile's rectangle.
    public var boundingBoxOfClipPath: CGRect {
        let device = state.clip ?? CGRect(origin: .zero, size: size)
        return device.isNull ? .null : device.applying(state.transform.inverted())
    }

    // MARK: Colours and lines

    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    // MARK: Path construction

    public func beginPath() { path = CGPath() }
    public func move(to point: CGPoint) { path.move(to: point, transform: state.transform) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.transform) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.transform) }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.transform) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.transform) }
    public func closePath() { path.closeSubpath() }

    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise, transform: state.transform)
    }

    /// The current path's bounding box.
    public var boundingBoxOfPath: CGRect { path.boundingBoxOfPath }

    // MARK: Painting

    /// Strokes the current path with the stroke colour and line width, then
    /// clears it.
    public func strokePath() {
        operations.append(Operation(kind: .stroke(lineWidth: state.lineWidth), path: path, color: state.strokeColor,
                                    clip: state.clip))
        path = CGPath()
    }

    /// Fills the current path with the fill colour, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        operations.append(Operation(kind: .fill(rule), path: path, color: state.fillColor, clip: state.clip))
        path = CGPath()
    }

    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }
}
