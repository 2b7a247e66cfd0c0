import CCairo
import Foundation

extension Frame {
    /// Writes the frame to `path` as a PNG, through Cairo's PNG writer.
    ///
    /// Atomic, as Swell's other outputs: the PNG is written to a temporary
    /// file beside `path`, which is then renamed over it, so a reader never
    /// sees half a picture and a failed write leaves an older file as it was.
    public func writePNG(to path: String) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let status = cairo_surface_write_to_png(surface.pointer, temporary)
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            throw .pngWriteFailed(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .renameFailed(path: path, errno: code)
        }
    }
}

extension Frame {
    /// The frame as PNG bytes, through Cairo's PNG writer: for a picture
    /// that goes somewhere other than a file of its own, such as standard
    /// output.
    public func pngData() throws(RenderError) -> Data {
        let sink = CairoByteSink()
        let status = sink.withClosure { closure in
            cairo_surface_write_to_png_stream(surface.pointer, CairoByteSink.write, closure)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .pngEncodingFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}
