import CFFmpeg
import SwellSndFile

/// Turns the mix — interleaved float samples from the audio engine — into
/// the container's sound stream: AAC (MP4), Opus (WebM) or 24-bit FLAC
/// (MKV), in frames of the encoder's size.
///
/// Sample n of the mix is stamped n in a time base of 1/fs, counted, so the
/// sound cannot drift from the pictures, stamped k in 1/fps from the same
/// origin. The encoders' own delay — AAC's 1024 priming samples, Opus's
/// 312 of pre-skip — is declared as the stream's initial padding: MP4
/// stamps the priming before 0 and cuts it with an edit list; WebM stores
/// no time before 0, so there the priming starts at 0 and the delay goes
/// into the track's CodecDelay, which a player subtracts from every
/// timestamp (Matroska's specification, CodecDelay) — either way a player
/// drops exactly the priming and sample 0 is heard at time 0, with frame 0.
///
/// FLAC's words come from the quantiser sound files use (round to nearest,
/// clip), so an MKV's sound decodes to the samples `swell render` writes to
/// a 24-bit WAV.
final class SoundEncoder {
    private let encoder: StreamEncoder
    private let channelCount: Int
    private var frame: UnsafeMutablePointer<AVFrame>?
    /// Samples waiting for a whole encoder frame, interleaved.
    private var pending: [Float] = []
    /// Frames per encoder frame.
    private let frameSize: Int
    /// The next frame's presentation time: its first sample's number, plus
    /// the encoder's priming where the container starts at it.
    private var nextSample: Int64 = 0
    private let quantizer: PCMQuantizer?
    private let format: AVSampleFormat

    init(container: VideoContainer, sampleRate: Int, channelCount: Int, muxer: Muxer) throws {
        guard let name = container.audioEncoderName else { preconditionFailure("\(container) carries no sound") }
        encoder = try StreamEncoder(named: name, muxer: muxer)
        self.channelCount = channelCount
        let context = encoder.context
        context.pointee.sample_rate = Int32(sampleRate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        av_channel_layout_default(&context.pointee.ch_layout, Int32(channelCount))
        switch container {
        case .mp4:
            format = AV_SAMPLE_FMT_FLTP
            context.pointee.bit_rate = 96_000 * Int64(channelCount)
        case .webm:
            format = AV_SAMPLE_FMT_FLT
            context.pointee.bit_rate = 64_000 * Int64(channelCount)
        default:
            format = AV_SAMPLE_FMT_S32
            context.pointee.bits_per_raw_sample = 24
        }
        context.pointee.sample_fmt = format
        quantizer = format == AV_SAMPLE_FMT_S32 ? PCMQuantizer(bitsPerSample: 24) : nil
        try encoder.open()
        if container.startsAudioAtPriming { nextSample = Int64(context.pointee.initial_padding) }
        // An encoder of any frame size (FLAC) gets 4096 at a time.
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 4096
        pending.reserveCapacity(frameSize * channelCount)
        frame = av_frame_alloc()
        guard let frame else { throw FFmpegError("cannot allocate a sound frame") }
        frame.pointee.format = format.rawValue
        frame.pointee.sample_rate = Int32(sampleRate)
        frame.pointee.nb_samples = Int32(frameSize)
        try FFmpegError.check(av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout),
                              "cannot allocate a sound frame")
        try FFmpegError.check(av_frame_get_buffer(frame, 0), "cannot allocate a sound frame")
    }

    deinit { av_frame_free(&frame) }

    /// Encodes `frames` interleaved frames of the mix.
    func encode(_ samples: UnsafeBufferPointer<Float>) throws {
        var offset = 0
        while offset < samples.count {
            let room = frameSize * channelCount - pending.count
            let taken = min(room, samples.count - offset)
            pending.append(contentsOf: samples[offset ..< offset + taken])
            offset += taken
            if pending.count == frameSize * channelCount { try flushPending() }
        }
    }

    /// Encodes the last, shorter frame and what the encoder holds back.
    func finish() throws {
        if !pending.isEmpty { try flushPending() }
        try encoder.encode(nil)
    }

    /// Encodes the pending samples as one frame, in the encoder's format.
    private func flushPending() throws {
        guard let frame else { return }
        try FFmpegError.check(av_frame_make_writable(frame), "cannot allocate a sound frame")
        let frames = pending.count / channelCount
        frame.pointee.nb_samples = Int32(frames)
        frame.pointee.pts = nextSample
        pending.withUnsafeBufferPointer { samples in
            let base = samples.baseAddress!
            switch format {
            case AV_SAMPLE_FMT_FLTP:
                withUnsafePointer(to: &frame.pointee.data) { planes in
                    planes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                        for channel in 0..<channelCount {
                            let plane = UnsafeMutableRawPointer(planes[channel]!).assumingMemoryBound(to: Float.self)
                            for i in 0..<frames { plane[i] = base[i * channelCount + channel] }
                        }
                    }
                }
            case AV_SAMPLE_FMT_FLT:
                UnsafeMutableRawPointer(frame.pointee.data.0!).copyMemory(from: base, byteCount: samples.count * 4)
            default:
                let words = UnsafeMutableRawPointer(frame.pointee.data.0!).assumingMemoryBound(to: Int32.self)
                _ = quantizer?.quantize(base, into: words, count: samples.count)
            }
        }
        nextSample += Int64(frames)
        pending.removeAll(keepingCapacity: true)
        try encoder.encode(frame)
    }
}
