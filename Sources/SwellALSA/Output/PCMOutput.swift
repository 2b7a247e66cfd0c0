import CALSA
import Glibc
import Synchronization

/// A playback stream on an ALSA PCM — `default`, `hw:0`, `plughw:1,0` or any
/// name `aplay -L` lists — fed with interleaved float samples.
///
/// Opening negotiates the stream in the order `aplay` sets its parameters:
/// interleaved read/write access, the first sample format of
/// ``PCMSampleFormat/allCases`` the device takes, the requested channel
/// count, then the nearest rate, period and buffer size it offers. ``parameters`` reports what was
/// granted; render at ``Parameters/sampleRate``, which a hardware device
/// without a `plug` in front of it may have moved.
///
/// ``write(_:frames:)`` is the render thread's call and is real-time safe:
/// it converts into a buffer allocated at open, blocks only inside
/// `snd_pcm_writei`, and recovers underruns and suspends with
/// `snd_pcm_recover`, counting them in ``xrunCount``.
///
/// Thread safety: the stream calls — `write`, `delay`, `drain`, `drop`,
/// `close` — must not overlap; make them from the render thread, or after
/// joining it. ``parameters`` and ``xrunCount`` may be read from any thread.
public final class PCMOutput: @unchecked Sendable {
    /// The stream ALSA granted.
    public struct Parameters: Equatable, Sendable {
        /// The PCM name the stream was opened on.
        public var device: String
        public var channelCount: Int
        /// Frames per second.
        public var sampleRate: Int
        /// Frames per period: the unit in which the device consumes audio.
        public var periodSize: Int
        /// Frames the device can queue: the most audio written but not yet
        /// heard, and so the output latency when the buffer is full.
        public var bufferSize: Int
        /// Frames that must be free before a blocked write wakes
        /// (`avail_min`): all but ``wakeUpMarginPeriods`` periods of the
        /// buffer (at least one period), so a writer refills it several
        /// periods at a time — each wake-up of a thread costs more than
        /// rendering a period — while two periods are still queued to cover
        /// how late the wake-up comes.
        public var wakeUpSize: Int
        /// The format samples are converted to before they reach ALSA.
        public var sampleFormat: PCMSampleFormat
    }

    /// The buffer when none is asked for, in periods: six, so that with
    /// the default 256-frame period the writer wakes every four periods
    /// (47 times a second at 48 kHz) and a frame is heard at most 32 ms
    /// after it is rendered. Four periods would wake it twice as often.
    public static let defaultPeriodsPerBuffer = 6

    /// The periods still queued when a writer waiting for room wakes.
    public static let wakeUpMarginPeriods = 2

    /// The stream ALSA granted.
    public let parameters: Parameters

    private var pcm: OpaquePointer?
    /// Converted samples on their way to `snd_pcm_writei`; holds a whole
    /// buffer of frames.
    private let scratch: UnsafeMutableRawPointer
    private let scratchFrames: Int
    // Copies of `parameters` fields, so that the render path touches no
    // reference-counted storage.
    private let sampleFormat: PCMSampleFormat
    private let channelCount: Int
    private let bytesPerFrame: Int
    private let xruns = Atomic<Int>(0)

    /// Opens a playback stream.
    ///
    /// - Parameters:
    ///   - device: A PCM name, resolved through `configuration`, or through
    ///     the global ALSA configuration when that is nil.
    ///   - channelCount: Interleaved channels per frame.
    ///   - sampleRate: Frames per second wanted; ALSA may grant the nearest
    ///     rate the device supports.
    ///   - periodSize: Frames per period wanted.
    ///   - bufferSize: Frames of buffer wanted; ``defaultPeriodsPerBuffer``
    ///     periods when nil.
    ///   - configuration: An explicit ALSA configuration to resolve `device`
    ///     in (`snd_pcm_open_lconf`), instead of the global one.
    /// - Throws: ``ALSAError/deviceNotFound(device:)``,
    ///   ``ALSAError/deviceBusy(device:)``,
    ///   ``ALSAError/unsupportedParameters(device:reason:)`` and, for other
    ///   refusals, ``ALSAError/openFailed(device:code:)``.
    public init(
        device: String = "default",
        channelCount: Int,
        sampleRate: Int,
        periodSize: Int = 256,
        bufferSize: Int? = nil,
        configuration: ALSAConfiguration? = nil
    ) throws(ALSAError) {
        let request = Request(
            device: device, channelCount: channelCount, sampleRate: sampleRate,
            periodSize: periodSize, bufferSize: bufferSize ?? Self.defaultPeriodsPerBuffer * periodSize)
        try request.validate()

        let pcm = try Self.open(device, configuration: configuration)
        do {
            parameters = try Self.negotiate(pcm, request)
        } catch {
            snd_pcm_close(pcm)
            throw error
        }
        self.pcm = pcm
        sampleFormat = parameters.sampleFormat
        self.channelCount = parameters.channelCount
        bytesPerFrame = parameters.channelCount * parameters.sampleFormat.bytesPerSample
        scratchFrames = parameters.bufferSize
        scratch = .allocate(byteCount: scratchFrames * bytesPerFrame, alignment: 16)
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
        scratch.deallocate()
    }

    /// How many underruns and suspends the stream has recovered from.
    public var xrunCount: Int { xruns.load(ordering: .relaxed) }

    /// Plays `frames` interleaved frames (`frames × channelCount` samples),
    /// blocking while the device buffer is full.
    ///
    /// Real-time safe: no locks, no allocation, no I/O besides
    /// `snd_pcm_writei`. Samples are converted as
    /// ``PCMSampleFormat`` describes (NaN as silence, integers clamped).
    /// Partial writes are continued; an underrun (`EPIPE`) or suspend
    /// (`ESTRPIPE`) is recovered with `snd_pcm_recover` — the stream restarts
    /// with the remaining frames — and counted in ``xrunCount``.
    ///
    /// - Throws: ``ALSAError/deviceFailed(device:operation:code:)`` when the
    ///   device fails beyond recovery (it was unplugged),
    ///   ``ALSAError/closed(device:)`` after ``close()``.
    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(ALSAError) {
        guard let pcm else { throw .closed(device: parameters.device) }
        var done = 0
        while done < frames {
            let chunk = min(frames - done, scratchFrames)
            sampleFormat.encode(samples + done * channelCount, count: chunk * channelCount, into: scratch)
            try writeScratch(pcm, frames: chunk)
            done += chunk
        }
    }

    /// Returns once the device has room for `frames` frames (at most a
    /// buffer): at once if it has, else when the device wakes its writer —
    /// on a card, once `avail_min` frames are free
    /// (``Parameters/wakeUpSize``). A writer can then render each period
    /// just before writing it, with the latest state, instead of rendering
    /// it and then waiting in ``write(_:frames:)``. An underrun found here
    /// is recovered (and counted), after which the buffer is empty.
    public func waitForRoom(frames: Int) throws(ALSAError) {
        guard let pcm else { throw .closed(device: parameters.device) }
        precondition(frames <= parameters.bufferSize, "room for \(frames) frames in a buffer of \(parameters.bufferSize)")
        while true {
            let available = snd_pcm_avail_update(pcm)
            if available < 0 {
                try recover(pcm, from: Int32(available), while: "writing")
                return
            }
            if available >= frames { return }
            try waitForRoom(pcm)
        }
    }

    /// Hands the first `frames` converted frames of the scratch buffer to
    /// ALSA, however many calls that takes.
    ///
    /// A freshly recovered stream accepts frames at once (it is prepared and
    /// empty), so a device that fails again and again without taking any is
    /// broken, not late: after a few such rounds the error is thrown rather
    /// than retried forever on the render thread.
    private func writeScratch(_ pcm: OpaquePointer, frames: Int) throws(ALSAError) {
        var written = 0
        var failuresWithoutProgress = 0
        while written < frames {
            let result = snd_pcm_writei(pcm, scratch + written * bytesPerFrame, snd_pcm_uframes_t(frames - written))
            if result > 0 {
                written += result
                failuresWithoutProgress = 0
                continue
            }
            failuresWithoutProgress += 1
            if result == 0 || result == -Int(EAGAIN) {
                // Nothing accepted: wait for room, as a blocking write would.
                try waitForRoom(pcm)
            } else if failuresWithoutProgress > Self.recoveriesWithoutProgress {
                throw .deviceFailed(device: parameters.device, operation: "writing", code: Int32(result))
            } else {
                try recover(pcm, from: Int32(result), while: "writing")
            }
        }
    }

    /// How many failed writes in a row are recovered before giving up.
    private static let recoveriesWithoutProgress = 3

    /// Waits up to a second for the device to accept frames; a device that
    /// takes nothing for that long has stopped.
    private func waitForRoom(_ pcm: OpaquePointer) throws(ALSAError) {
        let ready = snd_pcm_wait(pcm, 1000)
        if ready == 0 {
            throw .deviceFailed(device: parameters.device, operation: "writing", code: -ETIMEDOUT)
        }
        if ready < 0 {
            try recover(pcm, from: ready, while: "writing")
        }
    }

    /// Recovers an underrun, suspend or interrupted call as
    /// `snd_pcm_recover` does (re-prepare, or resume after a suspend),
    /// counting underruns and suspends; any other error is thrown.
    private func recover(_ pcm: OpaquePointer, from code: Int32, while operation: String) throws(ALSAError) {
        if code == -EPIPE || code == -ESTRPIPE {
            xruns.add(1, ordering: .relaxed)
        }
        if snd_pcm_recover(pcm, code, 1) < 0 {
            throw .deviceFailed(device: parameters.device, operation: operation, code: code)
        }
    }

    /// Frames written but not yet heard (`snd_pcm_delay`): the time until a
    /// frame written now reaches the speaker, in frames. Never negative.
    ///
    /// An underrun or suspend found here is recovered (and counted), after
    /// which nothing is queued and the delay is 0.
    public func delay() throws(ALSAError) -> Int {
        guard let pcm else { throw .closed(device: parameters.device) }
        var frames: snd_pcm_sframes_t = 0
        let code = snd_pcm_delay(pcm, &frames)
        if code < 0 {
            try recover(pcm, from: code, while: "querying the delay")
            return 0
        }
        return max(frames, 0)
    }

    /// Blocks until every written frame has been played (`snd_pcm_drain`),
    /// then prepares the stream for further writes.
    public func drain() throws(ALSAError) {
        guard let pcm else { throw .closed(device: parameters.device) }
        let code = snd_pcm_drain(pcm)
        if code < 0 {
            try recover(pcm, from: code, while: "draining")
        }
        try prepare(pcm)
    }

    /// Stops at once, discarding the frames not yet played (`snd_pcm_drop`),
    /// then prepares the stream for further writes.
    public func drop() throws(ALSAError) {
        guard let pcm else { throw .closed(device: parameters.device) }
        let code = snd_pcm_drop(pcm)
        if code < 0 {
            throw .deviceFailed(device: parameters.device, operation: "stopping", code: code)
        }
        try prepare(pcm)
    }

    private func prepare(_ pcm: OpaquePointer) throws(ALSAError) {
        let code = snd_pcm_prepare(pcm)
        if code < 0 {
            throw .deviceFailed(device: parameters.device, operation: "preparing", code: code)
        }
    }

    /// Closes the device without waiting for queued frames (call ``drain()``
    /// first to hear them). Later stream calls throw
    /// ``ALSAError/closed(device:)``; closing twice does nothing.
    public func close() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
    }
}
