import CCairo
import Foundation
import SwellCore

extension Renderer {
    /// The frame ``render(_:at:into:)`` draws, as an SVG 1.1 document
    /// written by Cairo's SVG surface: the same compositor draws on it,
    /// so the document shows what the PNG shows. Paths stay vectors and
    /// text becomes Pango's glyph outlines, in the font the PNG draws
    /// with, so the document looks the same in every viewer; what only
    /// pixels can show — a blurred shadow, a bitmap `contents`, a blend
    /// mode — is embedded as an image at the canvas's resolution.
    ///
    /// The document's `width` and `height` are the canvas's pixels (`px`
    /// units), its user space one pixel per unit, so that a rasteriser at
    /// 96 dpi gives the PNG's size. The output starts with an XML
    /// declaration and depends only on the snapshot, time and canvas — but
    /// for the id of its drawing group, `surfaceN`, where Cairo numbers
    /// the surfaces a process makes.
    public func svgData(_ snapshot: RenderSnapshot, at time: Double, into canvas: Canvas) throws(RenderError) -> Data {
        let sink = CairoByteSink()
        let status = sink.withClosure { closure in
            let surface = cairo_svg_surface_create_for_stream(CairoByteSink.write, closure,
                                                              Double(canvas.pixelWidth), Double(canvas.pixelHeight))!
            defer { cairo_surface_destroy(surface) }
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            // What SVG 1.1 cannot draw — a blend mode, addition — Cairo draws
            // as an image: one pixel per user unit, the canvas's own pixels
            // (Cairo's default, 300 per inch, is over four a unit).
            cairo_surface_set_fallback_resolution(surface, 72, 72)
            CairoContext.draw(on: surface) { cr in composite(snapshot, at: time, canvas: canvas, on: cr) }
            cairo_surface_finish(surface)
            return cairo_surface_status(surface)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .svgEncodingFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}
