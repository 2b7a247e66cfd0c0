import Foundation
import CCairo
import CPangoCairo
import SwellCore

/// `CATextLayer` (Apple's CATextLayer reference), laid out and drawn by
/// Pango in the bounds, under the contents: a plain `string` in the
/// layer's `font` at the presented `fontSize` and `foregroundColor`, or an
/// attributed string run by run (docs/layers.md#catextlayer). `isWrapped`
/// breaks lines at the bounds' width (at words, else anywhere);
/// `truncationMode` ellipsizes the last line that fits; `alignmentMode`
/// aligns each line (`.natural` is left for left-to-right text). Text
/// starts at the top of the bounds, as on iOS.
///
/// Glyphs are drawn with fixed font options — no hinting, no hinted
/// metrics, greyscale antialiasing — and fonts named by ``TextFonts``, so
/// a frame is the same on every machine with the same fonts.
struct TextLayerDrawer: LayerDrawer {
    var placement: LayerDrawingPlacement { .underContents }

    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext) {
        guard let text = layer.renderState as? CATextLayer.Text, let content = text.content else { return }
        let bounds = layer.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        let cr = context.cairo
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        cairo_clip(cr)
        let pango = pango_cairo_create_layout(cr)
        defer { g_object_unref(UnsafeMutableRawPointer(pango)) }
        TextFonts.fixOptions(of: pango)
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        switch content {
        case .plain(let string):
            pango_layout_set_text(pango, string, -1)
            let size = layer.value(forKey: "fontSize") as? CGFloat ?? 36
            TextFonts.withDescription(of: text.fontName, size: size) { pango_layout_set_font_description(pango, $0) }
            // The layer's colour is the source; runs set none.
            guard CairoPaths.setSource(layer.value(forKey: "foregroundColor") as? CGColor, alpha: context.alpha, on: cr)
            else { return }
        case .attributed(let runs):
            pango_layout_set_text(pango, runs.map(\.text).joined(), -1)
            TextAttributes.add(runs, to: attributes, alpha: context.alpha)
            pango_layout_set_spacing(pango, Int32(((runs.map(\.lineSpacing).max() ?? 0) * Double(SWELL_PANGO_SCALE)).rounded()))
            cairo_set_source_rgba(cr, 0, 0, 0, context.alpha)
        }
        pango_layout_set_attributes(pango, attributes)
        let offset = configure(pango, layer, bounds: bounds)
        cairo_move_to(cr, bounds.minX + offset, bounds.minY)
        pango_cairo_update_layout(cr, pango)
        pango_cairo_show_layout(cr, pango)
    }

    func paintedBounds(of layer: PresentedLayer) -> CGRect? { layer.bounds }

    /// Width, wrapping, truncation and alignment from the layer. Pango
    /// wraps whatever has a width unless it ellipsizes, so text that
    /// neither wraps nor truncates is laid out without one and aligned by
    /// where it starts: the returned offset from the bounds' left edge.
    private func configure(_ pango: OpaquePointer?, _ layer: PresentedLayer, bounds: CGRect) -> Double {
        let scale = Double(SWELL_PANGO_SCALE)
        let wrapped = layer.value(forKey: "wrapped") as? Bool ?? false
        let truncation = layer.value(forKey: "truncationMode") as? CATextLayerTruncationMode ?? .none
        let ellipsize: Int32 = switch truncation {
        case .start: Int32(SWELL_PANGO_ELLIPSIZE_START)
        case .middle: Int32(SWELL_PANGO_ELLIPSIZE_MIDDLE)
        case .end: Int32(SWELL_PANGO_ELLIPSIZE_END)
        default: Int32(SWELL_PANGO_ELLIPSIZE_NONE)
        }
        let alignment = layer.value(forKey: "alignmentMode") as? CATextLayerAlignmentMode
        switch alignment {
        case .center?: pango_layout_set_alignment(pango, Int32(SWELL_PANGO_ALIGN_CENTER))
        case .right?: pango_layout_set_alignment(pango, Int32(SWELL_PANGO_ALIGN_RIGHT))
        case .justified?: pango_layout_set_justify(pango, 1)
        default: pango_layout_set_alignment(pango, Int32(SWELL_PANGO_ALIGN_LEFT))
        }
        pango_layout_set_ellipsize(pango, ellipsize)
        if wrapped || truncation != .none {
            pango_layout_set_width(pango, Int32(bounds.width * scale))
            pango_layout_set_wrap(pango, Int32(SWELL_PANGO_WRAP_WORD_CHAR))
            // Wrapped and truncated: as many lines as fit, the last ellipsized.
            if wrapped && truncation != .none { pango_layout_set_height(pango, Int32(bounds.height * scale)) }
            return 0
        }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(pango, &width, &height)
        switch alignment {
        case .center?: return (bounds.width - Double(width)) / 2
        case .right?: return bounds.width - Double(width)
        default: return 0
        }
    }
}
