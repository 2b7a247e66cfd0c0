import Foundation
import CCairo
import SwellCore

/// The Cairo context a layer's own drawing is painted on: user space is
/// the layer's coordinate space (its bounds), the clip is set, and every
/// colour is multiplied by ``alpha`` (the opacity the layer inherits when
/// it is not composited as a group).
///
/// A ``LayerDrawer`` paints through it; ``DisplayListReplay`` replays a
/// `CGContext` recording through the same calls.
public struct LayerDrawingContext {
    /// Cairo's `cairo_t`, for drawers that need more than the methods below.
    public let cairo: OpaquePointer
    /// The factor every painted colour's alpha is multiplied by.
    public let alpha: Double
    /// What a recorded layer tree (`CALayer.render(in:)`) is composited
    /// with: the renderer's drawers and caches.
    let drawers: LayerDrawers
    let caches: RenderCaches

    init(cairo: OpaquePointer, alpha: Double, drawers: LayerDrawers, caches: RenderCaches) {
        self.cairo = cairo
        self.alpha = alpha
        self.drawers = drawers
        self.caches = caches
    }

    /// Fills `path` (in user space) with `color`.
    public func fill(_ path: PathValue, rule: CGPathFillRule = .winding, color: CGColor?) {
        guard CairoPaths.setSource(color, alpha: alpha, on: cairo) else { return }
        CairoPaths.set(path, on: cairo)
        cairo_set_fill_rule(cairo, CairoPaths.fillRule(rule))
        cairo_fill(cairo)
    }

    /// Strokes `path` (in user space) with `color` and the pen `style`,
    /// whose matrix applies to the pen, as Core Graphics strokes with the
    /// matrix current at the stroke.
    public func stroke(_ path: PathValue, style: CGContext.StrokeStyle, color: CGColor?) {
        guard style.lineWidth > 0, CairoPaths.setSource(color, alpha: alpha, on: cairo) else { return }
        var pen = cairo_matrix_t(xx: style.transform.a, yx: style.transform.b, xy: style.transform.c,
                                 yy: style.transform.d, x0: style.transform.tx, y0: style.transform.ty)
        var inverse = pen
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return }
        // Cairo keeps a path in device space once it is added, and strokes
        // with the matrix current at the stroke: the path is added in the
        // layer's space, then only the pen takes the recorded matrix.
        CairoPaths.set(path, on: cairo)
        cairo_save(cairo)
        var base = cairo_matrix_t()
        cairo_get_matrix(cairo, &base)
        var combined = cairo_matrix_t()
        cairo_matrix_multiply(&combined, &pen, &base)
        cairo_set_matrix(cairo, &combined)
        cairo_set_line_width(cairo, style.lineWidth)
        cairo_set_line_cap(cairo, cairo_line_cap_t(UInt32(style.lineCap.rawValue)))
        cairo_set_line_join(cairo, cairo_line_join_t(UInt32(style.lineJoin.rawValue)))
        cairo_set_miter_limit(cairo, style.miterLimit)
        // Cairo refuses negative lengths and an all-zero pattern; Core
        // Graphics draws a solid line for those.
        let dashes = style.dashLengths.map(Double.init)
        if dashes.allSatisfy({ $0 >= 0 }) && dashes.contains(where: { $0 > 0 }) {
            cairo_set_dash(cairo, dashes, Int32(dashes.count), style.dashPhase)
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// Intersects the clip with `path`'s interior (undone by the caller's
    /// `cairo_restore`).
    public func clip(_ path: PathValue, rule: CGPathFillRule = .winding) {
        CairoPaths.set(path, on: cairo)
        cairo_set_fill_rule(cairo, CairoPaths.fillRule(rule))
        cairo_clip(cairo)
    }
}
