import CFFmpeg
import SwellCore

/// Turns decoded pictures into ``CGImage``s: libswscale converts them at
/// the video's display size, with the colour matrix and range the frame
/// declares, as the `ffmpeg` tool's scale filter converts for `-pix_fmt
/// bgra`, straight into the layout Cairo draws (premultiplied ARGB32
/// words, ``CGImageByteOrderInfo/order32Little``), so a frame is converted
/// once, not again each time it is drawn; a picture with alpha is then
/// premultiplied.
///
/// Most videos are converted without scaling (square pixels), which
/// libswscale does in its unscaled, vectorised YUV-to-RGB pass — 0.5 ms for
/// a 1920×1080 frame on the benchmark machine, whatever the scaling
/// algorithm named; `SWS_ACCURATE_RND` would take it off that pass and cost
/// eight times as much (docs/video.md#video-layers). An anamorphic video
/// is scaled to its display width, bicubically.
final class PictureConverter {
    private var context: OpaquePointer?
    let width: Int
    let height: Int

    /// Pictures shown at `width` × `height` pixels.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        sws_freeContext(context)
    }

    /// `frame` as an image, or nil when libswscale cannot convert it.
    func image(of frame: UnsafeMutablePointer<AVFrame>) -> CGImage? {
        let f = frame.pointee
        let format = AVPixelFormat(rawValue: f.format)
        context = sws_getCachedContext(context, f.width, f.height, format, Int32(width), Int32(height),
                                       AV_PIX_FMT_BGRA, SWS_BICUBIC, nil, nil, nil)
        guard let context else { return nil }
        // The matrix the frame declares (BT.601 when it does not), its
        // range, to full-range RGB.
        let coefficients = sws_getCoefficients(Int32(f.colorspace.rawValue))
        sws_setColorspaceDetails(context, coefficients, f.color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                                 sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let rowBytes = 4 * width
        var converted = true
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(rowBytes), 0, 0, 0]
            let rows = withUnsafePointer(to: f.data) { data in
                withUnsafePointer(to: f.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                            sws_scale(context, data, linesize, 0, f.height, &planes, &strides)
                        }
                    }
                }
            }
            converted = rows == Int32(height)
            count = rowBytes * height
        }
        guard converted else { return nil }
        let hasAlpha = av_pix_fmt_desc_get(format).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 } ?? false
        return CGImage(width: width, height: height, pixels: hasAlpha ? Self.premultiplied(pixels) : pixels,
                       byteOrder: .order32Little)
    }

    /// Straight-alpha pixels (b, g, r, a) with colour multiplied by alpha,
    /// rounded.
    private static func premultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        for i in stride(from: 0, to: result.count, by: 4) {
            let alpha = UInt32(result[i + 3])
            for c in i..<(i + 3) { result[c] = UInt8((UInt32(result[c]) * alpha + 127) / 255) }
        }
        return result
    }
}
