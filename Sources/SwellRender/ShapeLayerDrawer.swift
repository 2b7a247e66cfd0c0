import Foundation
import SwellCore

/// `CAShapeLayer` (Apple's CAShapeLayer reference): the path filled by
/// `fillRule` with `fillColor`, then stroked with `strokeColor` and the
/// pen of `lineWidth`, `lineCap`, `lineJoin`, `miterLimit`,
/// `lineDashPattern` and `lineDashPhase` — only between `strokeStart` and
/// `strokeEnd`, fractions of the path's arc length. Drawn over the
/// contents, not clipped to the bounds (docs/layers.md#cashapelayer).
struct ShapeLayerDrawer: LayerDrawer {
    var placement: LayerDrawingPlacement { .overContents }

    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext) {
        guard let path = layer.value(forKey: "path") as? PathValue else { return }
        let rule = layer.value(forKey: "fillRule") as? CAShapeLayerFillRule == .evenOdd
            ? CGPathFillRule.evenOdd : .winding
        context.fill(path, rule: rule, color: layer.value(forKey: "fillColor") as? CGColor)
        guard let strokeColor = layer.value(forKey: "strokeColor") as? CGColor else { return }
        let stroked = strokedPart(of: path, layer, measurements: context.caches.pathMeasurements)
        context.stroke(stroked, style: pen(of: layer), color: strokeColor)
    }

    /// Where a miter can reach: `miterLimit` half line widths past the
    /// path (square caps reach √2 half widths, under any limit ≥ 1.5).
    func paintedBounds(of layer: PresentedLayer) -> CGRect? {
        guard let path = layer.value(forKey: "path") as? PathValue else { return .null }
        let style = pen(of: layer)
        let reach = style.lineWidth / 2 * max(style.miterLimit, 1.5)
        return path.boundingBoxOfPath.insetBy(dx: -reach - 1, dy: -reach - 1)
    }

    /// The path between `strokeStart` and `strokeEnd`; the path itself
    /// when that is all of it, so closed subpaths keep their joins. The
    /// path's measurement is the renderer's, made once for a path that
    /// does not change.
    private func strokedPart(of path: PathValue, _ layer: PresentedLayer,
                             measurements: PathMeasurementCache) -> PathValue {
        let start = min(max(layer.value(forKey: "strokeStart") as? CGFloat ?? 0, 0), 1)
        let end = min(max(layer.value(forKey: "strokeEnd") as? CGFloat ?? 1, 0), 1)
        if start == 0 && end == 1 { return path }
        let measured = measurements.measurement(of: path)
        return measured.path(fromDistance: start * measured.length, toDistance: end * measured.length)
    }

    private func pen(of layer: PresentedLayer) -> CGContext.StrokeStyle {
        var style = CGContext.StrokeStyle()
        style.lineWidth = layer.value(forKey: "lineWidth") as? CGFloat ?? 1
        style.miterLimit = layer.value(forKey: "miterLimit") as? CGFloat ?? 10
        switch layer.value(forKey: "lineCap") as? CAShapeLayerLineCap {
        case .round?: style.lineCap = .round
        case .square?: style.lineCap = .square
        default: style.lineCap = .butt
        }
        switch layer.value(forKey: "lineJoin") as? CAShapeLayerLineJoin {
        case .round?: style.lineJoin = .round
        case .bevel?: style.lineJoin = .bevel
        default: style.lineJoin = .miter
        }
        style.dashLengths = layer.value(forKey: "lineDashPattern") as? [CGFloat] ?? []
        style.dashPhase = layer.value(forKey: "lineDashPhase") as? CGFloat ?? 0
        return style
    }
}
