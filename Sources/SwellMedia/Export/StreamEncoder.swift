import CFFmpeg

/// One of libavcodec's encoders feeding one stream of a ``Muxer``: what the
/// picture and the sound encoders share — finding the encoder by name,
/// opening it, and moving every packet it makes into the file.
final class StreamEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>
    private(set) var stream: UnsafeMutablePointer<AVStream>?
    private let muxer: Muxer
    private let packet: UnsafeMutablePointer<AVPacket>

    /// The encoder libavcodec knows as `name`; throws
    /// ``ExportError/missingEncoder(_:)`` when this FFmpeg was built without it.
    init(named name: String, muxer: Muxer) throws {
        guard let codec = avcodec_find_encoder_by_name(name) else { throw ExportError.missingEncoder(name) }
        guard let context = avcodec_alloc_context3(codec), let packet = av_packet_alloc() else {
            throw FFmpegError("cannot set up the \(name) encoder")
        }
        self.codec = codec
        self.context = context
        self.packet = packet
        self.muxer = muxer
        if muxer.wantsGlobalHeaders { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
    }

    /// The encoder's name, as FFmpeg gives it.
    var name: String { String(cString: codec.pointee.name) }

    /// Opens the encoder with its private `options` (`preset`, `crf`…),
    /// once the context is set, and adds its stream to the file.
    func open(options: [String: String] = [:]) throws {
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        try FFmpegError.check(avcodec_open2(context, codec, &dictionary), "cannot open the \(name) encoder")
        stream = try muxer.addStream(of: context)
    }

    /// Encodes `frame` — nil flushes what the encoder holds back — and
    /// writes the packets that come out.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws(FFmpegError) {
        try FFmpegError.check(avcodec_send_frame(context, frame), "the \(name) encoder failed")
        while true {
            let code = avcodec_receive_packet(context, packet)
            if code == swell_averror_eagain() || code == swell_averror_eof() { return }
            try FFmpegError.check(code, "the \(name) encoder failed")
            guard let stream else { preconditionFailure("encoding before the stream was added") }
            try muxer.write(packet, timeBase: context.pointee.time_base, stream: stream)
        }
    }
}
