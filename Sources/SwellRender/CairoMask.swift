import CCairo

/// Masking that means the same on every Cairo target.
///
/// Core Animation masks by alpha (CALayer reference, `mask`: "the layer's
/// alpha channel determines how much of the layer's content shows"), as
/// `cairo_mask` does on an image. Cairo 1.16's SVG surface writes a mask as
/// an SVG `<mask>`, which masks by luminance (SVG 1.1 §14.4), so an alpha
/// mask — a shadow's blurred shape, a mask layer — comes out wrong in the
/// document. On any target but an image the masking is therefore done in
/// pixels, at the target's resolution, and the result painted as an image.
enum CairoMask {
    /// The current source painted through the alpha of `mask`, as
    /// `cairo_mask(cr, mask)` paints it on an image surface.
    static func apply(_ mask: OpaquePointer, on cr: OpaquePointer) {
        guard cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE else {
            cairo_mask(cr, mask)
            return
        }
        // The clip's extent in device space, whole pixels.
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let (left, top) = (x1.rounded(.down), y1.rounded(.down))
        let (width, height) = (Int((x2 - left).rounded(.up)), Int((y2 - top).rounded(.up)))
        guard width > 0 && height > 0 else {
            cairo_restore(cr)
            return
        }
        let image = ImageSurface(width: width, height: height)
        let source = cairo_get_source(cr)
        image.draw { pixels in
            cairo_translate(pixels, -left, -top)
            cairo_transform(pixels, &matrix)
            cairo_set_source(pixels, source)
            cairo_mask(pixels, mask)
        }
        cairo_set_source_surface(cr, image.pointer, left, top)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
