import CFFmpeg

/// A GIF's colours: libavfilter's `palettegen` finds the 256 colours that
/// best cover every frame of the animation, and `paletteuse` maps each
/// frame onto them with error diffusion — in one filter graph,
/// `split[a][b]; [a]palettegen[p]; [b][p]paletteuse`, as FFmpeg's own
/// documentation recommends for GIFs.
///
/// Why FFmpeg's filters and one palette for the whole animation rather
/// than a quantiser of Swell's own, or a palette per frame: a global
/// palette keeps a colour that does not move the same index in every frame,
/// so still areas do not shimmer as per-frame palettes and their dither
/// patterns change; and median-cut palettes with Sierra dithering are what
/// these filters already do well. The price is memory: the palette is
/// known only after the last frame, so the graph holds every frame until
/// then — a GIF is for short, small animations.
final class PaletteFilter {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>

    /// A graph taking `width`×`height` BGRA frames stamped in `timeBase`.
    init(width: Int, height: Int, timeBase: AVRational) throws(FFmpegError) {
        graph = avfilter_graph_alloc()
        guard let graph else { throw FFmpegError("cannot set up the GIF palette") }
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        let arguments = "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_BGRA.rawValue)"
            + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=1/1"
        try FFmpegError.check(avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in", arguments,
                                                           nil, graph), "cannot set up the GIF palette")
        try FFmpegError.check(avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil,
                                                           nil, graph), "cannot set up the GIF palette")
        guard let source, let sink else { throw FFmpegError("cannot set up the GIF palette") }
        self.source = source
        self.sink = sink
        var outputs = avfilter_inout_alloc()
        var inputs = avfilter_inout_alloc()
        defer {
            avfilter_inout_free(&outputs)
            avfilter_inout_free(&inputs)
        }
        guard let output = outputs, let input = inputs else { throw FFmpegError("cannot set up the GIF palette") }
        // The graph's open ends: its input is fed by the buffer source, its
        // output feeds the sink.
        output.pointee.name = av_strdup("in")
        output.pointee.filter_ctx = source
        input.pointee.name = av_strdup("out")
        input.pointee.filter_ctx = sink
        try FFmpegError.check(avfilter_graph_parse_ptr(graph, "split[a][b];[a]palettegen[p];[b][p]paletteuse",
                                                       &inputs, &outputs, nil), "cannot set up the GIF palette")
        try FFmpegError.check(avfilter_graph_config(graph, nil), "cannot set up the GIF palette")
    }

    deinit { avfilter_graph_free(&graph) }

    /// Hands the graph a frame; nil ends the input.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?) throws(FFmpegError) {
        try FFmpegError.check(av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)),
                              "the GIF palette failed")
    }

    /// The next paletted frame into `frame`; false when there is none yet
    /// (or no more).
    func pull(into frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Bool {
        let code = av_buffersink_get_frame(sink, frame)
        if code == swell_averror_eagain() || code == swell_averror_eof() { return false }
        try FFmpegError.check(code, "the GIF palette failed")
        return true
    }
}
