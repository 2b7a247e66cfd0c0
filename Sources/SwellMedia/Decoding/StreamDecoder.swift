import CFFmpeg

/// One stream of a ``MediaContainer`` decoded by libavcodec, a frame at a
/// time: packets of the stream are read and sent, frames received
/// (`avcodec_send_packet` / `avcodec_receive_frame`), and at the end of
/// the file the decoder is drained.
final class StreamDecoder {
    let container: MediaContainer
    let stream: UnsafeMutablePointer<AVStream>
    let codec: UnsafeMutablePointer<AVCodecContext>
    /// The packet read last.
    private let packet: UnsafeMutablePointer<AVPacket>
    /// Whether the end of the file was reached and the decoder is drained.
    private var draining = false

    /// A decoder of `stream` of `container`; `threads`: as many threads as
    /// libavcodec finds cores, frame and slice threading, as the `ffmpeg`
    /// tool decodes.
    init(_ stream: UnsafeMutablePointer<AVStream>, of container: MediaContainer, threads: Bool) throws(FFmpegError) {
        let path = container.path
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(stream.pointee.codecpar.pointee.codec_id))
            throw FFmpegError("cannot decode '\(path)': the installed FFmpeg has no \(name) decoder")
        }
        guard let codec = avcodec_alloc_context3(decoder), let packet = av_packet_alloc() else {
            throw FFmpegError("cannot decode '\(path)': out of memory")
        }
        self.container = container
        self.stream = stream
        self.codec = codec
        self.packet = packet
        try FFmpegError.check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), "cannot decode '\(path)'")
        codec.pointee.pkt_timebase = stream.pointee.time_base
        if threads {
            codec.pointee.thread_count = 0
            codec.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        }
        try FFmpegError.check(avcodec_open2(codec, decoder, nil), "cannot decode '\(path)'")
    }

    deinit {
        var codec: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&codec)
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
    }

    /// Decodes the stream's next frame into `frame`; false at the end of
    /// the stream. A packet the decoder finds damaged is skipped, as the
    /// `ffmpeg` tool goes on past it.
    func decodeNext(into frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Bool {
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 { return true }
            if received == swell_averror_eof() { return false }
            guard received == swell_averror_eagain() else {
                throw FFmpegError("cannot decode '\(container.path)'", code: received)
            }
            guard !draining else { return false }
            let read = av_read_frame(container.context, packet)
            if read == swell_averror_eof() {
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            try FFmpegError.check(read, "cannot read '\(container.path)'")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream.pointee.index else { continue }
            let sent = avcodec_send_packet(codec, packet)
            guard sent >= 0 || sent == swell_averror_invaliddata() else {
                throw FFmpegError("cannot decode '\(container.path)'", code: sent)
            }
        }
    }

    /// Moves to the keyframe at or before `seconds` of the file's timeline
    /// (`AVSEEK_FLAG_BACKWARD`) — the file's start when there is none — and
    /// empties the decoder, so that the next frames decoded are those from
    /// there on.
    func seek(to seconds: Double) throws(FFmpegError) {
        let target = Int64((seconds * Double(AV_TIME_BASE)).rounded(.down))
        if av_seek_frame(container.context, -1, target, AVSEEK_FLAG_BACKWARD) < 0 {
            let start = container.context.pointee.start_time
            try FFmpegError.check(av_seek_frame(container.context, -1, start == swell_av_nopts_value() ? 0 : start,
                                                AVSEEK_FLAG_BACKWARD), "cannot seek in '\(container.path)'")
        }
        avcodec_flush_buffers(codec)
        draining = false
    }
}
