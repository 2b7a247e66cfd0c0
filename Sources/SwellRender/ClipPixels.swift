import CCairo

/// The clip of a context in whole device pixels, and its user-space
/// matrix: where a mask drawn in pixels goes.
struct ClipPixels {
    let left: Double, top: Double
    let width: Int, height: Int
    let matrix: cairo_matrix_t

    /// Nil when the clip is empty.
    init?(of cr: OpaquePointer) {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        (left, top) = (x1.rounded(.down), y1.rounded(.down))
        (width, height) = (Int((x2 - left).rounded(.up)), Int((y2 - top).rounded(.up)))
        guard width > 0 && height > 0 else { return nil }
        self.matrix = matrix
    }

    /// An image of the clip, `draw` drawing on it in the context's user
    /// space.
    func image(_ draw: (OpaquePointer) -> Void) -> ImageSurface {
        let image = ImageSurface(width: width, height: height)
        var matrix = matrix
        image.draw { pixels in
            cairo_translate(pixels, -left, -top)
            cairo_transform(pixels, &matrix)
            draw(pixels)
        }
        return image
    }
}
