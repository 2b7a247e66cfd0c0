import Foundation
import CPangoCairo
import SwellCore

/// An attributed string's runs as Pango attributes over the UTF-8 bytes
/// of their joined text: each run's font (``TextFonts``) and size, colour
/// and kerning (Core Text's `kCTKernAttributeName`: extra points after
/// each character, Pango's letter spacing), and the underline
/// (`kCTUnderlineStyleAttributeName`: Pango's single line for Core Text's
/// single and thick, its double line for double), in the run's colour.
enum TextAttributes {
    static func add(_ runs: [CATextLayer.Run], to list: OpaquePointer?, alpha: Double) {
        var start = 0
        for run in runs {
            let end = start + run.text.utf8.count
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(list, attribute)
            }
            TextFonts.withDescription(of: run.font.name, size: run.font.size) { insert(pango_attr_font_desc_new($0)) }
            let c = (run.color.components ?? [0, 0, 0, 1]).map { UInt16((min(max(Double($0), 0), 1) * 65535).rounded()) }
            insert(pango_attr_foreground_new(c[0], c[1], c[2]))
            let a = min(max(Double(run.color.alpha) * alpha, 0), 1)
            insert(pango_attr_foreground_alpha_new(UInt16(max((a * 65535).rounded(), 1))))
            if run.kern != 0 { insert(pango_attr_letter_spacing_new(Int32((run.kern * Double(SWELL_PANGO_SCALE)).rounded()))) }
            if !run.underline.isEmpty { insert(pango_attr_underline_new(run.underline.contains(.double) ? 2 : 1)) }
            start = end
        }
    }
}
