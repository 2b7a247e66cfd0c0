import Foundation
import CCairo
import SwellCore

/// The part of a shadow its own layer hides. A layer's shadow lies under
/// the layer (Apple's CALayer reference, `shadowOpacity`), and an opaque
/// background painted over it leaves, where it covers a pixel fully,
/// exactly the background's colour: OVER by an opaque source is the source.
/// Compositing the shadow there is wasted work, about half of the shadow's
/// pixels for a card-sized layer, so the shadow is clipped to leave out
/// the device pixels certain to be covered — the cross of whole pixels
/// inside the bounds inset by the corner radius one way or the other. On
/// whole pixels the clip stays a region and pixman keeps its fast path;
/// the frame is unchanged to the bit (docs/render.md, "Shadows are cached").
enum ShadowCover {
    /// Clips `cr` to leave out the pixels the layer's background will
    /// cover fully; does nothing unless that background is opaque, painted
    /// at full `alpha` on pixels under an axis-aligned `matrix`.
    static func clipOut(_ state: LayerState, matrix: CGAffineTransform, alpha: Double, on cr: OpaquePointer) {
        guard alpha == 1, let opacity = state.backgroundColor?.components?[3], opacity >= 1, matrix.b == 0, matrix.c == 0,
              cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        let radius = state.effectiveCornerRadius
        let wide = whole(state.bounds.insetBy(dx: 0, dy: radius).applying(matrix))
        let tall = whole(state.bounds.insetBy(dx: radius, dy: 0).applying(matrix))
        guard wide.width > 0, wide.height > 0, tall.width > 0, tall.height > 0 else { return }
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        var device = cairo_matrix_t()
        cairo_get_matrix(cr, &device)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        let (left, top) = (x1.rounded(.down), y1.rounded(.down))
        cairo_rectangle(cr, left, top, x2.rounded(.up) - left, y2.rounded(.up) - top)
        // The cross as one outline, so that even-odd leaves all of it out.
        let outline = [(tall.minX, tall.minY), (tall.maxX, tall.minY), (tall.maxX, wide.minY),
                       (wide.maxX, wide.minY), (wide.maxX, wide.maxY), (tall.maxX, wide.maxY),
                       (tall.maxX, tall.maxY), (tall.minX, tall.maxY), (tall.minX, wide.maxY),
                       (wide.minX, wide.maxY), (wide.minX, wide.minY), (tall.minX, wide.minY)]
        cairo_move_to(cr, outline[0].0, outline[0].1)
        for (x, y) in outline.dropFirst() { cairo_line_to(cr, x, y) }
        cairo_close_path(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_matrix(cr, &device)
    }

    /// The whole pixels inside `rect`.
    private static func whole(_ rect: CGRect) -> CGRect {
        let (minX, minY) = (rect.minX.rounded(.up), rect.minY.rounded(.up))
        return CGRect(x: minX, y: minY, width: rect.maxX.rounded(.down) - minX, height: rect.maxY.rounded(.down) - minY)
    }
}
