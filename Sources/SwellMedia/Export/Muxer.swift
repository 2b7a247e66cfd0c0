import CFFmpeg
import SwellCore

/// A video file being written by libavformat: its streams, then packets
/// from the picture and sound encoders' threads, one at a time.
///
/// Packets go through `av_interleaved_write_frame`, which orders them by
/// time across the streams. `max_interleave_delta` is 0, so it always waits
/// for a packet of every stream before writing one: the sound, rendered
/// far faster than the pictures, is held back and placed beside the
/// pictures of the same time, as a player reading the file front to back
/// wants it, whatever the threads' pace.
///
/// Safe to share between threads: every call into the format context is
/// made under ``lock``.
final class Muxer: @unchecked Sendable {
    private let context: UnsafeMutablePointer<AVFormatContext>
    private let lock = Locked(())
    private let path: String
    private var isOpen = false

    /// A file of `container`'s kind at `path`, the temporary file it is
    /// written into (which must exist, so the MP4 muxer can read it back
    /// to move its index to the front).
    init(path: String, container: VideoContainer) throws(FFmpegError) {
        var context: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_alloc_output_context2(&context, nil, container.muxerName, path),
                              "cannot set up a \(container.name) file")
        guard let context else { throw FFmpegError("cannot set up a \(container.name) file") }
        self.context = context
        self.path = path
        context.pointee.max_interleave_delta = 0
    }

    deinit {
        if isOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether the container wants the codecs' global headers in the stream
    /// parameters rather than in the first packets (MP4, Matroska).
    var wantsGlobalHeaders: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Adds a stream of what `encoder` codes, once it is open; returns its
    /// stream.
    func addStream(of encoder: UnsafeMutablePointer<AVCodecContext>) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else { throw FFmpegError("cannot add a stream") }
        try FFmpegError.check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder),
                              "cannot describe the stream")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = encoder.pointee.framerate
        return stream
    }

    /// Opens the file and writes its header; `options` are the muxer's
    /// (`movflags=+faststart`).
    func writeHeader(options: [String: String] = [:]) throws(FFmpegError) {
        try FFmpegError.check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "cannot write '\(path)'")
        isOpen = true
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        try FFmpegError.check(avformat_write_header(context, &dictionary), "cannot write the file's header")
    }

    /// Writes `packet`, whose times are in `timeBase`, into `stream`; takes
    /// the packet's data.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational,
               stream: UnsafeMutablePointer<AVStream>) throws(FFmpegError) {
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let code = lock.withLock { _ in av_interleaved_write_frame(context, packet) }
        try FFmpegError.check(code, "cannot write '\(path)'")
    }

    /// Writes what is held back and the trailer (MP4's index), and closes
    /// the file.
    func finish() throws(FFmpegError) {
        let code = lock.withLock { _ in av_write_trailer(context) }
        try FFmpegError.check(code, "cannot finish '\(path)'")
        isOpen = false
        try FFmpegError.check(avio_closep(&context.pointee.pb), "cannot write '\(path)'")
    }
}
