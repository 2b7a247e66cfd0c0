import Foundation
import CCairo

extension ImageSurface {
    /// Multiplies every premultiplied pixel of a Cairo image surface by a
    /// straight colour (r, g, b, a in 0…1): red, green and blue by the
    /// colour's component times its alpha, alpha by its alpha. How a
    /// replicator's `instanceColor` and a particle's colour tint pixels.
    static func multiply(_ surface: OpaquePointer, by rgba: [Double]) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let (width, height) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // ARGB32 words: blue in the low byte, alpha in the high one.
        let factors = [rgba[2] * rgba[3], rgba[1] * rgba[3], rgba[0] * rgba[3], rgba[3]].map { UInt32(($0 * 256).rounded()) }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] != 0 {
                var word: UInt32 = 0
                for (channel, factor) in factors.enumerated() {
                    let shift = UInt32(8 * channel)
                    word |= ((((row[x] >> shift) & 0xFF) * factor + 128) >> 8) << shift
                }
                row[x] = word
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A copy of `image` with its pixels multiplied by `rgba`.
    static func tinted(_ image: ImageSurface, by rgba: [Double]) -> ImageSurface {
        let copy = ImageSurface(width: image.width, height: image.height)
        copy.draw { cr in
            cairo_set_source_surface(cr, image.pointer, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
        multiply(copy.pointer, by: rgba)
        return copy
    }
}
