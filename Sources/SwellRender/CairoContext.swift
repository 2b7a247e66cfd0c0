import CCairo

/// The one way SwellRender opens a Cairo drawing context, on an image
/// surface or a vector one (the SVG document of ``Renderer/svgData(_:at:into:)``),
/// so that every target is drawn with the same settings.
enum CairoContext {
    /// A drawing context on `surface`, destroyed after `body`. Curves are
    /// flattened to within a fiftieth of a pixel (Cairo's default is a
    /// tenth), so that an arc and a Bézier of the same circle — a rounded
    /// clip and a rounded path drawn by the layer — cover the same pixels.
    static func draw<Result>(on surface: OpaquePointer, _ body: (OpaquePointer) -> Result) -> Result {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_tolerance(cr, 0.02)
        return body(cr)
    }
}
