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
        guard let clip = ClipPixels(of: cr) else { return }
        let source = cairo_get_source(cr)
        let image = clip.image { pixels in
            cairo_set_source(pixels, source)
            cairo_mask(pixels, mask)
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.pointer, clip.left, clip.top)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A mask whose alpha is `mask`'s luminance — Rec. 709's weights of its
    /// premultiplied colour, CSS Masking's `mask-mode: luminance` — drawn
    /// in pixels over the clip, in `cr`'s device space; nil when the clip
    /// is empty. The caller destroys it.
    static func luminanceAsAlpha(_ mask: OpaquePointer, on cr: OpaquePointer) -> OpaquePointer? {
        guard let clip = ClipPixels(of: cr) else { return nil }
        let image = clip.image { pixels in
            cairo_set_source(pixels, mask)
            cairo_paint(pixels)
        }
        let stride = image.stride
        image.withMutableBytes { bytes in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(bytes + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    // ARGB32, premultiplied: the luminance of what the mask
                    // shows over nothing becomes its alpha.
                    let word = row[x]
                    let luminance = 0.2126 * Double(word >> 16 & 0xFF) + 0.7152 * Double(word >> 8 & 0xFF)
                        + 0.0722 * Double(word & 0xFF)
                    row[x] = UInt32(min(luminance.rounded(), 255)) << 24
                }
            }
        }
        let pattern = cairo_pattern_create_for_surface(image.pointer)!
        // Pattern space is the user space of `cr`: the image's pixel (0, 0)
        // is device point (left, top).
        var toImage = cairo_matrix_t(), translation = cairo_matrix_t(), matrix = clip.matrix
        cairo_matrix_init_translate(&translation, -clip.left, -clip.top)
        cairo_matrix_multiply(&toImage, &matrix, &translation)
        cairo_pattern_set_matrix(pattern, &toImage)
        return pattern
    }
}
