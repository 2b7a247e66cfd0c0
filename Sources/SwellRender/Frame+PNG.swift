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
