import Foundation
import CCairo
import CPangoCairo

/// The fonts and font options text is drawn with.
///
/// Apple's font names (`CATextLayer.font` defaults to "Helvetica"; Core
/// Text's PostScript names such as "Helvetica-Bold" or
/// "TimesNewRomanPS-ItalicMT") are mapped to the three DejaVu families
/// scripts/setup installs — sans, serif, monospace — keeping weight and
/// slant, rather than left to fontconfig, whose substitutes differ from
/// machine to machine. Names of DejaVu families are used as they are;
/// DejaVu's own PostScript names ("DejaVuSans-Bold") map as Apple's do.
enum TextFonts {
    /// A Pango font description for `name` at `size` points, alive during `body`.
    static func withDescription<Result>(of name: String, size: CGFloat,
                                        _ body: (OpaquePointer?) -> Result) -> Result {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        let face = face(named: name)
        pango_font_description_set_family(description, face.family)
        pango_font_description_set_weight(description, Int32(face.bold ? SWELL_PANGO_WEIGHT_BOLD : SWELL_PANGO_WEIGHT_NORMAL))
        pango_font_description_set_style(description, Int32(face.slanted ? SWELL_PANGO_STYLE_OBLIQUE : SWELL_PANGO_STYLE_NORMAL))
        pango_font_description_set_absolute_size(description, max(Double(size), 0) * Double(SWELL_PANGO_SCALE))
        return body(description)
    }

    /// The DejaVu family, weight and slant standing in for a font name.
    static func face(named name: String) -> (family: String, bold: Bool, slanted: Bool) {
        let lower = name.lowercased()
        let bold = lower.contains("bold") || lower.contains("black") || lower.contains("heavy")
        let slanted = lower.contains("italic") || lower.contains("oblique")
        if lower.hasPrefix("dejavu ") {
            let family = name.split(separator: "-").first.map(String.init) ?? name
            return (family, bold, slanted)
        }
        let monospaced = ["courier", "menlo", "monaco", "mono"].contains { lower.contains($0) }
        let serif = ["times", "georgia", "palatino", "baskerville", "serif"].contains { lower.contains($0) }
            && !lower.contains("sans")
        return (monospaced ? "DejaVu Sans Mono" : serif ? "DejaVu Serif" : "DejaVu Sans", bold, slanted)
    }

    /// Sets the layout's font options to ones that do not depend on the
    /// machine: no hinting, unhinted metrics, greyscale antialiasing.
    static func fixOptions(of layout: OpaquePointer?) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)
    }
}
