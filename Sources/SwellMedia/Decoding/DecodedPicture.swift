import CFFmpeg
import SwellCore

/// A frame libavcodec decoded, as a ``VideoFile`` hands it to a renderer:
/// a reference to the decoder's own picture (no copy), converted by its
/// file's ``PictureConverter`` when a renderer draws it.
///
/// `@unchecked Sendable`: the picture is only read once decoded — the
/// decoder goes on into frames of its own — and the converter, shared
/// with the file's other frames, is reached through its lock.
final class DecodedPicture: VideoFrame, @unchecked Sendable {
    private let frame: UnsafeMutablePointer<AVFrame>
    private let converter: Locked<PictureConverter>
    let width: Int
    let height: Int

    /// A new reference to `frame`'s picture, converted by `converter`; nil
    /// when libswscale cannot convert its format, or out of memory.
    init?(_ frame: UnsafePointer<AVFrame>, converter: Locked<PictureConverter>, width: Int, height: Int) {
        guard PictureConverter.converts(AVPixelFormat(rawValue: frame.pointee.format)),
              let reference = av_frame_clone(frame) else { return nil }
        self.frame = reference
        self.converter = converter
        self.width = width
        self.height = height
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    func write(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool {
        converter.withLock { $0.write(frame, into: pixels, bytesPerRow: bytesPerRow) }
    }
}
