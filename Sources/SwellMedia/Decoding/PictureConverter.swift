import CFFmpeg
import SwellCore

/// Converts decoded pictures to the pixels a renderer draws: libswscale
/// converts them at the video's display size, with the colour matrix and
/// range the frame declares, as the `ffmpeg` tool's scale filter converts
/// for `-pix_fmt bgra`, straight into the layout Cairo draws
/// (premultiplied ARGB32 words, ``CGImageByteOrderInfo/order32Little``);
/// a picture with alpha is then premultiplied.
///
/// Most videos are converted without scaling (square pixels), which
/// libswscale does in its unscaled, vectorised YUV-to-RGB pass — 0.5 ms for
/// a 1920×1080 frame on the benchmark machine, whatever the scaling
/// algorithm named; `SWS_ACCURATE_RND` would take it off that pass and cost
/// eight times as much (docs/video.md#video-layers). An anamorphic video
/// is scaled to its display width, bicubically.
///
/// A file's frames share one converter, whichever thread draws them: its
/// libswscale context, cached from one frame to the next, is behind a
/// lock.
final class PictureConverter: Sendable {
    /// libswscale's context, made for the first frame converted.
    private let context = Locked<OpaquePointer?>(nil)
    let width: Int
    let height: Int

    /// Pictures shown at `width` × `height` pixels.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        context.withLock { sws_freeContext($0) }
    }

    /// Whether libswscale converts pictures in `format`.
    static func converts(_ format: AVPixelFormat) -> Bool {
        sws_isSupportedInput(format) != 0
    }

    /// Writes `frame` into `pixels`, rows `bytesPerRow` bytes apart; false
    /// when libswscale cannot convert it.
    func write(_ frame: UnsafePointer<AVFrame>, into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool {
        let f = frame.pointee
        let format = AVPixelFormat(rawValue: f.format)
        let converted = context.withLock { context in
            context = sws_getCachedContext(context, f.width, f.height, format, Int32(width), Int32(height),
                                           AV_PIX_FMT_BGRA, SWS_BICUBIC, nil, nil, nil)
            guard let context else { return false }
            return scale(f, with: context, into: pixels, bytesPerRow: bytesPerRow)
        }
        guard converted else { return false }
        if av_pix_fmt_desc_get(format).map({ $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 }) ?? false {
            premultiply(pixels, bytesPerRow: bytesPerRow)
        }
        return true
    }

    /// libswscale's pass from `f` to the pixels, with the frame's colours;
    /// whether it wrote every row.
    private func scale(_ f: AVFrame, with context: OpaquePointer, into pixels: UnsafeMutableRawPointer,
                       bytesPerRow: Int) -> Bool {
        // The matrix the frame declares (BT.601 when it does not), its
        // range, to full-range RGB.
        let coefficients = sws_getCoefficients(Int32(f.colorspace.rawValue))
        sws_setColorspaceDetails(context, coefficients, f.color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                                 sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        var planes: [UnsafeMutablePointer<UInt8>?] = [pixels.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
        var strides: [Int32] = [Int32(bytesPerRow), 0, 0, 0]
        let rows = withUnsafePointer(to: f.data) { data in
            withUnsafePointer(to: f.linesize) { linesize in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                        sws_scale(context, data, linesize, 0, f.height, &planes, &strides)
                    }
                }
            }
        }
        return rows == Int32(height)
    }

    /// Multiplies the colour of straight-alpha pixels (b, g, r, a) by their
    /// alpha, rounded.
    private func premultiply(_ pixels: UnsafeMutableRawPointer, bytesPerRow: Int) {
        for y in 0..<height {
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in stride(from: 0, to: 4 * width, by: 4) {
                let alpha = UInt32(row[x + 3])
                for c in x..<(x + 3) { row[c] = UInt8((UInt32(row[c]) * alpha + 127) / 255) }
            }
        }
    }
}
