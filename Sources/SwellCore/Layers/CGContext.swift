import Foundation

/// A drawing context that records what is drawn into it: the context a
/// layer's ``CALayer/draw(in:)`` receives.
///
/// Core Graphics rasterises; Swell's layers have no pixels of their own, so
/// the default ``CALayer/display()`` keeps the recorded operations as the
/// layer's `contents` — a display list (``Recording``) that a visual
/// renderer replays (docs/render.md). The API is a subset of `CGContext`:
/// graphics state (colours, alpha, line styles and dashes, the clip), the
/// current transformation matrix, paths, fill and stroke. As in Core
/// Graphics, points are transformed by the matrix in effect when they are
/// added to the path, and a clip by the matrix in effect when it is set:
/// a recording is in the context's own (device) coordinates.
public final class CGContext {
    private struct GraphicsState {
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var alpha: CGFloat = 1
        var stroke = StrokeStyle()
        /// The bounding box of the clip in the context's coordinates; nil
        /// for the whole plane.
        var clipBox: CGRect?
    }

    /// The size of the drawing area (the layer's bounds).
    public let size: CGSize
    /// Everything drawn so far, in order.
    public private(set) var operations: [Operation] = []

    private var state = GraphicsState()
    private var savedStates: [GraphicsState] = []
    private var path = PathValue()

    public init(size: CGSize) {
        self.size = size
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state, the clip included.
    public func saveGState() {
        savedStates.append(state)
        operations.append(.saveGState)
    }

    /// Pops the graphics state saved last, undoing the clips made since.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        operations.append(.restoreGState)
    }

    /// The current transformation matrix.
    public var ctm: CGAffineTransform { state.stroke.transform }

    public func concatenate(_ transform: CGAffineTransform) {
        state.stroke.transform = transform.concatenating(state.stroke.transform)
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) { concatenate(CGAffineTransform(translationX: tx, y: ty)) }
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// The opacity everything painted next is multiplied by.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }

    public func setLineWidth(_ width: CGFloat) { state.stroke.lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { state.stroke.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.stroke.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) { state.stroke.miterLimit = limit }

    /// Dashes strokes with `lengths` (painted, unpainted, …) starting
    /// `phase` into the pattern; empty lengths draw solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dashPhase = phase
        state.stroke.dashLengths = lengths
    }

    // MARK: Clipping

    /// Intersects the clip with the current path's interior, then clears
    /// the path; `restoreGState()` undoes it.
    public func clip(using rule: CGPathFillRule = .winding) {
        narrowClip(to: path, rule: rule)
        path = PathValue()
    }

    /// Intersects the clip with `rect`, in the current user coordinates, as
    /// `CGContext.clip(to:)`, leaving the current path as it is. A
    /// `CATiledLayer` clips each tile's context to the tile this way.
    public func clip(to rect: CGRect) {
        var device = PathValue()
        device.addRect(rect, transform: ctm)
        narrowClip(to: device, rule: .winding)
    }

    /// The bounding box of the clip, in the current user coordinates
    /// (`CGContextGetClipBoundingBox`): the drawing area when nothing was
    /// clipped. A `CATiledLayer` tile's context answers the tile's rectangle.
    public var boundingBoxOfClipPath: CGRect {
        let device = state.clipBox ?? CGRect(origin: .zero, size: size)
        return device.isNull ? .null : device.applying(ctm.inverted())
    }

    private func narrowClip(to devicePath: PathValue, rule: CGPathFillRule) {
        operations.append(.clip(devicePath, rule: rule))
        let box = devicePath.boundingBoxOfPath
        state.clipBox = state.clipBox.map { $0.intersection(box) } ?? box
    }

    // MARK: Path construction

    public func beginPath() { path = PathValue() }
    public func move(to point: CGPoint) { path.move(to: point, transform: ctm) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: ctm) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: ctm) }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.addQuadCurve(to: end, control: control, transform: ctm)
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: ctm)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: ctm) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: ctm) }
    public func closePath() { path.closeSubpath() }

    /// Appends `newPath`'s elements, transformed by the current matrix.
    public func addPath(_ newPath: CGPath) {
        path.addPath(newPath.value, transform: ctm)
    }

    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise, transform: ctm)
    }

    /// The current path's bounding box.
    public var boundingBoxOfPath: CGRect { path.boundingBoxOfPath }

    // MARK: Painting

    /// Strokes the current path with the stroke colour and pen, then clears it.
    public func strokePath() {
        operations.append(.stroke(path, style: state.stroke, color: painted(state.strokeColor)))
        path = PathValue()
    }

    /// Fills the current path with the fill colour, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        operations.append(.fill(path, rule: rule, color: painted(state.fillColor)))
        path = PathValue()
    }

    /// Records `layer`'s tree as its model values make it now, under the
    /// current matrix and alpha (``CALayer/render(in:)``).
    func drawTree(of layer: CALayer) {
        let tree = LayerTree(snapshot: .model(of: layer), transform: ctm, alpha: state.alpha)
        operations.append(.layerTree(tree))
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

    /// `color` with the context's alpha applied.
    private func painted(_ color: CGColor) -> CGColor {
        state.alpha == 1 ? color : color.copy(alpha: color.alpha * state.alpha) ?? color
    }
}
