import Foundation
import CCairo
import CPangoCairo
import SwellCore

/// Where one line of plain text lies when a `CATextLayer` draws it: the
/// text in a font and size, laid out by Pango with the fonts and fixed
/// options of ``TextFonts``, as the text layer drawer lays it out.
///
/// Apple's `preferredFrameSize()` gives a text layer's size; code that
/// places text layers by hand — a chart's tick labels, centred under their
/// ticks and sharing one baseline — needs the baseline and the ink too.
/// Everything is in points from the top-left corner of the layer's bounds,
/// where an unwrapped, left-aligned text layer starts its first line.
public struct TextExtents: Sendable, Equatable {
    /// The line's advance width and height: the box the layout reserves.
    public var size: CGSize
    /// The distance from the top of the line to its baseline.
    public var baseline: CGFloat
    /// The box the glyphs' ink covers.
    public var ink: CGRect

    /// Measures `string` in the font named `fontName` (mapped as a text
    /// layer's `font` is) at `fontSize` points.
    public init(measuring string: String, fontName: String, fontSize: CGFloat) {
        let surface = ImageSurface(width: 1, height: 1)
        (size, baseline, ink) = surface.draw { cr in
            let layout = pango_cairo_create_layout(cr)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            TextFonts.fixOptions(of: layout)
            pango_layout_set_text(layout, string, -1)
            TextFonts.withDescription(of: fontName, size: fontSize) { pango_layout_set_font_description(layout, $0) }
            var inkRect = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &inkRect, &logical)
            let scale = Double(SWELL_PANGO_SCALE)
            return (CGSize(width: Double(logical.width) / scale, height: Double(logical.height) / scale),
                    Double(pango_layout_get_baseline(layout)) / scale,
                    CGRect(x: Double(inkRect.x) / scale, y: Double(inkRect.y) / scale,
                           width: Double(inkRect.width) / scale, height: Double(inkRect.height) / scale))
        }
    }
}
