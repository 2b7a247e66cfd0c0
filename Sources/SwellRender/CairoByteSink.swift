import CCairo
import Foundation

/// Collects the bytes a Cairo stream writer (`cairo_surface_write_to_png_stream`,
/// `cairo_svg_surface_create_for_stream`) hands out, for an image or
/// document that goes somewhere other than a file of its own.
final class CairoByteSink {
    private(set) var data = Data()

    /// Cairo's write callback: `closure` is an unretained sink, which must
    /// outlive the stream (``withClosure(_:)``).
    static var write: cairo_write_func_t {
        { closure, bytes, length in
            let sink = Unmanaged<CairoByteSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
    }

    /// Calls `body` with the closure pointer to pass along with ``write``,
    /// keeping the sink alive meanwhile.
    func withClosure<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
        withExtendedLifetime(self) { body(Unmanaged.passUnretained(self).toOpaque()) }
    }
}
