import CFFmpeg
import SwellRender

/// Turns rendered frames into a video stream: each ``Frame`` (premultiplied
/// BGRA words, over an opaque canvas the same as straight colour) converted
/// to the codec's pixels and encoded, frame k stamped k in a time base of
/// 1/fps — a presentation time counted, never summed, so it cannot drift.
///
/// The conversion per codec: to 4:2:0 with the BT.709 matrix and video
/// range for H.264 and VP9 (``BT709Converter``), the stream tagged so, as
/// HD video is; FFV1 takes the words as they are (`bgr0`: alpha, which
/// video does not carry, is left out, so a transparent canvas shows over
/// black, as premultiplied colour composited on black is); GIF goes through
/// the palette filter (``PaletteFilter``).
final class PictureEncoder {
    private let encoder: StreamEncoder
    private let width: Int, height: Int
    private var picture: UnsafeMutablePointer<AVFrame>?
    private let converter: BT709Converter?
    private let palette: PaletteFilter?
    /// The time base frames are numbered in: 1/fps.
    private let frameTimeBase: AVRational

    init(container: VideoContainer, width: Int, height: Int, frameRate: AVRational, muxer: Muxer) throws {
        if container.needsEvenSize, width % 2 != 0 || height % 2 != 0 {
            throw ExportError.oddSize(container: container, width: width, height: height)
        }
        // GIF stores delays in hundredths of a second (GIF89a, Graphic
        // Control Extension): frame k shows from the hundredth nearest
        // k/fps, so the delays alternate where fps does not divide 100 (3,
        // 3, 4 cs at 30 fps) and the frames never drift.
        if let maximum = container.maximumFrameRate, av_q2d(frameRate) > maximum {
            throw ExportError.frameRate(container: container, fps: av_q2d(frameRate), maximum: maximum)
        }
        encoder = try StreamEncoder(named: container.videoEncoderName, muxer: muxer)
        (self.width, self.height) = (width, height)
        frameTimeBase = av_inv_q(frameRate)
        let context = encoder.context
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = container.pixelFormat
        context.pointee.time_base = container == .gif ? AVRational(num: 1, den: 100) : frameTimeBase
        context.pointee.framerate = frameRate
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.thread_count = 0
        var options: [String: String] = [:]
        switch container {
        case .mp4:
            // ultrafast: the encoder keeps pace with the renderer on two
            // cores (docs/performance.md#video-export); CRF 20 for a
            // picture close to the rendered one.
            options = ["preset": "ultrafast", "crf": "20"]
        case .webm:
            // libvpx's real-time mode, its fastest, with rows coded in parallel.
            options = ["deadline": "realtime", "cpu-used": "8", "row-mt": "1", "crf": "30", "b": "0"]
        case .mkv:
            // Every frame a key frame, as an editing intermediate is, and
            // slices coded in parallel.
            context.pointee.gop_size = 1
            options = ["level": "3", "slices": "4", "slicecrc": "1"]
        case .gif:
            break
        }
        if container.pixelFormat == AV_PIX_FMT_YUV420P {
            context.pointee.colorspace = AVCOL_SPC_BT709
            context.pointee.color_primaries = AVCOL_PRI_BT709
            context.pointee.color_trc = AVCOL_TRC_BT709
            context.pointee.color_range = AVCOL_RANGE_MPEG
        }
        palette = container == .gif ? try PaletteFilter(width: width, height: height, timeBase: frameTimeBase) : nil
        try encoder.open(options: options)
        picture = av_frame_alloc()
        guard let picture else { throw FFmpegError("cannot allocate a picture") }
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        picture.pointee.format = container == .gif ? AV_PIX_FMT_BGRA.rawValue : container.pixelFormat.rawValue
        try FFmpegError.check(av_frame_get_buffer(picture, 0), "cannot allocate a picture")
        converter = container.pixelFormat == AV_PIX_FMT_YUV420P ? BT709Converter() : nil
    }

    deinit { av_frame_free(&picture) }

    /// Converts and encodes `frame` as frame number `index`.
    func encode(_ frame: Frame, index: Int64) throws {
        guard let picture, frame.width == width, frame.height == height else {
            preconditionFailure("a \(frame.width)×\(frame.height) frame for a \(width)×\(height) video")
        }
        try FFmpegError.check(av_frame_make_writable(picture), "cannot allocate a picture")
        frame.withUnsafePixels { pixels in
            let data = picture.pointee.data, strides = picture.pointee.linesize
            if let converter {
                converter.convert(pixels.baseAddress!, width: width, height: height,
                                  luma: data.0!, lumaStride: Int(strides.0), cb: data.1!, cr: data.2!,
                                  chromaStride: Int(strides.1))
            } else {
                let stride = Int32(width * 4)
                av_image_copy_plane(data.0, strides.0, UnsafeRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt8.self),
                                    stride, stride, Int32(height))
            }
        }
        picture.pointee.pts = index
        if let palette {
            try palette.push(picture)
            try drainPalette(palette)
        } else {
            try encoder.encode(picture)
        }
    }

    /// Encodes what the palette and the encoder hold back, to the end.
    func finish() throws {
        if let palette {
            try palette.push(nil)
            try drainPalette(palette)
        }
        try encoder.encode(nil)
    }

    /// Encodes every paletted frame the filter has ready, each stamped in
    /// hundredths of a second (see ``init(container:width:height:frameRate:muxer:)``).
    private func drainPalette(_ palette: PaletteFilter) throws {
        var allocated = av_frame_alloc()
        defer { av_frame_free(&allocated) }
        guard let paletted = allocated else { throw FFmpegError("cannot allocate a picture") }
        while try palette.pull(into: paletted) {
            paletted.pointee.pts = av_rescale_q(paletted.pointee.pts, frameTimeBase, encoder.context.pointee.time_base)
            try encoder.encode(paletted)
            av_frame_unref(paletted)
        }
    }
}
