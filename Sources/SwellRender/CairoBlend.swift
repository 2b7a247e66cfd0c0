import CCairo

/// Blending a picture with what is beneath it, as the W3C's Compositing
/// and Blending Level 1 defines it, on every Cairo target.
///
/// Painted through a mask — `cairo_paint_with_alpha` of a group — Cairo
/// 1.16 with pixman 0.42 gets the non-separable modes (hue, saturation,
/// colour, luminosity) wrong: a luminosity blend at alpha 0.6 moves the
/// backdrop's luminance by 0.89 of the way instead of 0.6. Painted whole
/// they are right, so a picture below full alpha is first painted at that
/// alpha into a group of its own (source over nothing, which is exact)
/// and the group then blended whole.
///
/// Cairo's SVG 1.1 surface, which has no blend modes, draws the area a
/// blend touches — with everything beneath it — as an embedded image, at
/// the fallback resolution ``Renderer/svgData(_:at:into:)`` sets.
enum CairoBlend {
    /// Paints `cr`'s current source at `alpha` onto what `cr` holds with
    /// `blend`, then puts back source over.
    static func paint(with blend: cairo_operator_t, alpha: Double, on cr: OpaquePointer) {
        if alpha < 1 {
            cairo_push_group(cr)
            cairo_paint_with_alpha(cr, alpha)
            cairo_pop_group_to_source(cr)
        }
        cairo_set_operator(cr, blend)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
}
