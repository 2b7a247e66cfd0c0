import Foundation
import CCairo

/// A Cairo image surface in premultiplied ARGB32 (or A8), owned: released
/// when the object goes.
///
/// `@unchecked Sendable`: a surface is written only by the code that made
/// it, before it is handed on; afterwards it is only read — as a frame's
/// pixels, a PNG, or the source of a paint — and Cairo allows image
/// surfaces to be read from several threads at once.
final class ImageSurface: @unchecked Sendable {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// A surface of `width` × `height` pixels, cleared to transparent.
    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pointer = cairo_image_surface_create(format, Int32(self.width), Int32(self.height))
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Bytes from one row to the next.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// The pixel bytes, for code that writes them; `cairo_surface_mark_dirty`
    /// follows.
    func withMutableBytes<Result>(_ body: (UnsafeMutablePointer<UInt8>) -> Result) -> Result {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return body(cairo_image_surface_get_data(pointer))
    }

    /// The pixel bytes, read-only.
    func withBytes<Result>(_ body: (UnsafePointer<UInt8>) -> Result) -> Result {
        cairo_surface_flush(pointer)
        return body(UnsafePointer(cairo_image_surface_get_data(pointer)))
    }

    /// A drawing context on the surface, destroyed after `body` (see
    /// ``CairoContext/draw(on:_:)``).
    func draw<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        CairoContext.draw(on: pointer, body)
    }
}
