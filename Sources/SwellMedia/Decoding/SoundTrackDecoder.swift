import CFFmpeg
import SwellAudio
import SwellSndFile

/// A video file's sound track decoded by libavcodec and converted by
/// libswresample to interleaved `Float` at the track's own rate, frame by
/// frame from any frame — what an audio layer's reader reads
/// (``DecodedAudio``).
///
/// Frame n is the sound at n / sampleRate seconds of the file's timeline
/// (``MediaContainer/origin``), the time the picture's frames are shown
/// at: after a seek, the first decoded frame's timestamp says which sample
/// it starts with, and the samples before the one asked for are dropped —
/// or, before the track's first sound, silence is given.
final class SoundTrackDecoder: DecodedAudio {
    let path: String
    let sampleRate: Int
    let channelCount: Int
    let frameCount: Int64
    private(set) var position: Int64 = 0
    private(set) var pendingError: SoundFileError?

    private let decoder: StreamDecoder
    private let resampler: OpaquePointer
    private let frame: UnsafeMutablePointer<AVFrame>
    private let origin: Double
    /// Converted samples of the last decoded frame not yet read.
    private var converted: [Float] = []
    private var convertedStart = 0
    /// Whether the next decoded frame's timestamp places it (after a seek).
    private var placing = true
    /// Frames of silence to give before the next decoded ones.
    private var silence: Int64 = 0

    init(path: String) throws(FFmpegError) {
        let container = try MediaContainer(path: path)
        guard let stream = container.bestStream(of: AVMEDIA_TYPE_AUDIO) else {
            throw FFmpegError("'\(path)' has no sound track")
        }
        decoder = try StreamDecoder(stream, of: container, threads: false)
        let codec = decoder.codec.pointee
        guard codec.sample_rate > 0, AudioEngine.supportedChannelCounts.contains(Int(codec.ch_layout.nb_channels)) else {
            throw FFmpegError("'\(path)': a sound track of \(codec.ch_layout.nb_channels) channels at "
                              + "\(codec.sample_rate) Hz cannot be played")
        }
        self.path = path
        sampleRate = Int(codec.sample_rate)
        channelCount = Int(codec.ch_layout.nb_channels)
        origin = container.origin
        let seconds = stream.end.map { $0 - container.origin } ?? container.duration
        frameCount = seconds.map { Int64(($0 * Double(codec.sample_rate)).rounded()) } ?? .max
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(channelCount))
        var resampler: OpaquePointer?
        try FFmpegError.check(swr_alloc_set_opts2(&resampler, &layout, AV_SAMPLE_FMT_FLT, codec.sample_rate,
                                                  &decoder.codec.pointee.ch_layout, codec.sample_fmt,
                                                  codec.sample_rate, 0, nil),
                              "cannot convert the sound of '\(path)'")
        guard let resampler, swr_init(resampler) >= 0, let frame = av_frame_alloc() else {
            throw FFmpegError("cannot convert the sound of '\(path)'")
        }
        self.resampler = resampler
        self.frame = frame
    }

    deinit {
        var resampler: OpaquePointer? = resampler
        swr_free(&resampler)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    var storedLayout: StoredSampleLayout? { nil }

    func readStoredFrames(into bytes: UnsafeMutableRawPointer, count: Int) throws(SoundFileError) -> Int {
        preconditionFailure("'\(path)': a decoded sound track has no stored layout")
    }

    func seek(toFrame target: Int64) throws(SoundFileError) {
        // Half a second early: the container's keyframes are the picture's,
        // and the sound interleaved with one may start a little after it.
        do {
            try decoder.seek(to: origin + Double(target) / Double(sampleRate) - 0.5)
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        (position, pendingError, converted, convertedStart, placing, silence) = (target, nil, [], 0, true, 0)
    }

    func readFrames(into buffer: UnsafeMutableBufferPointer<Float>, count: Int) throws(SoundFileError) -> Int {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        let wanted = Int(min(Int64(count), max(frameCount - position, 0)))
        var done = 0
        while done < wanted {
            if silence > 0 {
                let frames = Int(min(silence, Int64(wanted - done)))
                buffer.baseAddress!.advanced(by: done * channelCount).update(repeating: 0, count: frames * channelCount)
                (silence, done) = (silence - Int64(frames), done + frames)
                continue
            }
            let available = (converted.count - convertedStart) / channelCount
            if available > 0 {
                let frames = min(available, wanted - done)
                converted.withUnsafeBufferPointer { samples in
                    buffer.baseAddress!.advanced(by: done * channelCount).update(
                        from: samples.baseAddress! + convertedStart, count: frames * channelCount)
                }
                (convertedStart, done) = (convertedStart + frames * channelCount, done + frames)
                continue
            }
            do {
                guard try decodeFrame() else { break }
            } catch {
                let failure = SoundFileError.cannotRead(path: path, reason: "\(error)")
                guard done > 0 else { throw failure }
                pendingError = failure
                break
            }
        }
        position += Int64(done)
        return done
    }

    /// Decodes and converts the next frame of sound; false at the end.
    /// After a seek, it is placed by its timestamp against ``position``.
    private func decodeFrame() throws(FFmpegError) -> Bool {
        guard try decoder.decodeNext(into: frame) else { return false }
        let count = Int(frame.pointee.nb_samples)
        converted = [Float](repeating: 0, count: count * channelCount)
        let written = converted.withUnsafeMutableBufferPointer { samples in
            var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(samples.baseAddress!)
                .assumingMemoryBound(to: UInt8.self)
            return withUnsafeMutablePointer(to: &output) { output in
                swr_convert(resampler, output, Int32(count),
                            UnsafeMutableRawPointer(frame.pointee.extended_data)
                                .assumingMemoryBound(to: UnsafePointer<UInt8>?.self),
                            Int32(count))
            }
        }
        try FFmpegError.check(written, "cannot convert the sound of '\(path)'")
        converted.removeLast(converted.count - Int(written) * channelCount)
        convertedStart = 0
        if placing {
            placing = false
            let time = frame.pointee.best_effort_timestamp
            if time != swell_av_nopts_value() {
                let seconds = Double(time) * decoder.stream.secondsPerTick - origin
                let first = Int64((seconds * Double(sampleRate)).rounded())
                if first > position {
                    silence = first - position
                } else {
                    let skipped = Int(min(position - first, Int64(written)))
                    convertedStart = skipped * channelCount
                    // Still before the place asked for: the next frame is
                    // placed too.
                    placing = first + Int64(written) < position
                }
            }
        }
        return true
    }
}
