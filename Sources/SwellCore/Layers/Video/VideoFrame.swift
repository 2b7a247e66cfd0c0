import Foundation

/// One decoded picture of a video, as its decoder hands it to whatever
/// shows it — the role of the `CVPixelBuffer` an `AVPlayerItemVideoOutput`
/// vends: still in the video's own format (Y′CbCr, most often), converted
/// to RGB by whoever draws it, straight into its own pixels, when it draws
/// it.
///
/// Core Animation does the same with an `AVPlayerLayer`: its Y′CbCr buffers
/// go to the compositor as they are, which converts them as it draws. So
/// showing a video costs its decoding and one conversion a frame drawn —
/// no intermediate RGB image, none for a frame that is never drawn — and
/// decoding alone costs what `ffmpeg -f null` pays for it
/// (docs/video.md#video-layers).
///
/// A frame travels with render snapshots to the rendering thread, so it is
/// `Sendable`; its picture does not change once decoded.
public protocol VideoFrame: AnyObject, Sendable {
    /// The picture's width as displayed, in pixels: its source's
    /// `naturalSize`.
    var width: Int { get }
    /// The picture's height in pixels.
    var height: Int { get }
    /// Writes the picture into `pixels`: ``height`` rows, `bytesPerRow`
    /// bytes apart, of ``width`` premultiplied 32-bit little-endian ARGB
    /// words — ``CGImageByteOrderInfo/order32Little``, the layout Cairo
    /// draws. False, with the pixels undefined, when it cannot be
    /// converted.
    func write(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool
}

extension CGImage {
    /// The picture of a video frame, as VideoToolbox's
    /// `VTCreateCGImageFromCVPixelBuffer` makes one of a pixel buffer; nil
    /// when it cannot be converted.
    public init?(_ frame: any VideoFrame) {
        let rowBytes = 4 * frame.width
        var written = false
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * frame.height) { buffer, count in
            if let base = buffer.baseAddress {
                written = frame.write(into: base, bytesPerRow: rowBytes)
            }
            count = rowBytes * frame.height
        }
        guard written else { return nil }
        self.init(width: frame.width, height: frame.height, pixels: pixels, byteOrder: .order32Little)
    }
}
