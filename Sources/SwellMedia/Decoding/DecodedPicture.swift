import CFFmpeg
import SwellCore

/// A frame libavcodec decoded, as a ``VideoFile`` hands it to a renderer:
/// a reference to the decoder's own picture (no copy), converted by its
/// file's ``PictureConverter`` when a renderer draws it.
///
/// `@unchecked Sendable`: the picture is only read once decoded — the
/// decoder goes on into frames of its own — and the converter is shared
/// with the file's other frames behind its lock.
final class DecodedPicture: VideoFrame, @unchecked Sendable {
    private let frame: UnsafeMutablePointer<AVFrame>
    private let converter: PictureConverter

    /// A new reference to `frame`'s picture, converted by `converter`; nil
    /// when libswscale cannot convert its format, or out of memory.
    init?(_ frame: UnsafePointer<AVFrame>, converter: PictureConverter) {
        guard PictureConverter.converts(AVPixelFormat(rawValue: frame.pointee.format)),
              let reference = av_frame_clone(frame) else { return nil }
        self.frame = reference
        self.converter = converter
    }

    /// The picture's display size: its converter's.
    var width: Int { converter.width }
    var height: Int { converter.height }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    func write(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool {
        converter.write(frame, into: pixels, bytesPerRow: bytesPerRow)
    }
}
