import CFFmpeg

/// A media file opened by libavformat with its streams probed
/// (`avformat_open_input`, `avformat_find_stream_info`); closed when
/// released.
///
/// Each decoder opens a container of its own: the picture is decoded on
/// the rendering thread and the sound on the audio engine's, and a
/// container reads from one place at a time.
final class MediaContainer {
    let context: UnsafeMutablePointer<AVFormatContext>
    let path: String

    /// Opens `path`; throws "cannot open 'PATH': REASON" when libavformat
    /// cannot read it (a missing file, or not a media file).
    init(path: String) throws(FFmpegError) {
        MediaContainer.quiet
        var opened: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_open_input(&opened, path, nil, nil), "cannot open '\(path)'")
        guard let context = opened else { throw FFmpegError("cannot open '\(path)'") }
        self.context = context
        self.path = path
        try FFmpegError.check(avformat_find_stream_info(context, nil), "cannot read the streams of '\(path)'")
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&context)
    }

    /// FFmpeg's libraries log to standard error; the tool's messages are
    /// its own one-line errors, so they are silenced once.
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    /// The stream of `type` libavformat finds best, if there is one.
    func bestStream(of type: AVMediaType) -> UnsafeMutablePointer<AVStream>? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        guard index >= 0 else { return nil }
        return context.pointee.streams[Int(index)]
    }

    /// Where the file's timeline starts, in seconds: the earliest stream's
    /// start (`AVFormatContext.start_time`), as `ffmpeg -ss` counts. Every
    /// track of the file is timed from it, so sound and picture stay
    /// together; 0 when the file does not say.
    var origin: Double {
        let start = context.pointee.start_time
        return start == swell_av_nopts_value() ? 0 : Double(start) / Double(AV_TIME_BASE)
    }

    /// The file's length in seconds from ``origin``, as the container says,
    /// or nil.
    var duration: Double? {
        let duration = context.pointee.duration
        return duration == swell_av_nopts_value() || duration <= 0 ? nil : Double(duration) / Double(AV_TIME_BASE)
    }
}

extension UnsafeMutablePointer<AVStream> {
    /// The stream's time base, in seconds per tick.
    var secondsPerTick: Double { av_q2d(pointee.time_base) }

    /// Where the stream ends, in seconds of the file's timeline, when it says.
    var end: Double? {
        let (start, duration) = (pointee.start_time, pointee.duration)
        guard duration != swell_av_nopts_value(), duration > 0 else { return nil }
        return Double((start == swell_av_nopts_value() ? 0 : start) + duration) * secondsPerTick
    }
}
