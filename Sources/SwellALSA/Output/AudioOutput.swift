import Glibc
import Synchronization

/// Plays an ``AudioEngine`` on an ALSA device.
///
/// A render thread (SCHED_FIFO when permitted) renders one ALSA period at a
/// time with the engine's ``RenderCore``, writes it, and advances the audio
/// clock to the frames written minus those still queued (`snd_pcm_delay`):
/// the frames heard. That clock, not the wall clock, is the engine's time,
/// so the `null` and `file` plugins — which swallow audio faster than real
/// time — run the same timeline as a sound card. The owning thread calls
/// ``run(until:)``, which services the engine whenever the render thread
/// has filled the device's buffer and is about to wait for room, or, on an
/// output without a real-time deadline, after every period.
///
/// On a card the writer wakes when all but two periods of the buffer are
/// free (``PCMOutput`` sets `avail_min` so) and refills it: every four
/// periods on the sample path, with its six-period buffer, and every two
/// on the display path (see ``periodsPerBuffer(_:)``). The owning thread
/// is woken after each refill and the display link fires the refill's
/// periods together: wake-ups, which on a virtual machine cost about
/// 100 µs each, not periods, are what live play spends most on. Ctrl-C is
/// noticed at the next refill.
///
/// The render thread waits — sleeping briefly, never locking — only when it
/// reaches the engine's render limit: an event that has not run yet, or, on
/// the display path, a period whose gain has not been displayed. The owning
/// thread services as far ahead as the render thread renders between two of
/// its signals, so on a real device that wait does not happen unless the
/// owning thread stalls.
///
/// Besides the device calls, the render thread only touches atomics and
/// signals the owning thread through a ``WakeupSignal``, whose `sem_post`
/// is real-time safe; even its failure is handed over without a lock
/// (docs/architecture.md#real-time-rules).
public final class AudioOutput: @unchecked Sendable {
    public let engine: AudioEngine
    let pcm: PCMOutput
    private var thread: RenderThread?
    private let running = Atomic<Bool>(false)
    private let written = Atomic<Int64>(0)
    /// The `CLOCK_MONOTONIC` instant, in nanoseconds, at which frame 0 was
    /// heard, as the last write measured it (frames heard then, back-dated
    /// at the sample rate); 0 before the first write. One word, so that a
    /// reader never sees the frames of one write with the instant of another.
    private let heardOrigin = Atomic<Int64>(0)
    private let wake = WakeupSignal()
    /// The error that stopped the render thread. Written by the first render
    /// thread that fails, before it sets `failed` (release); read by the
    /// owning thread only after it has seen `failed` (acquire), after which
    /// nothing writes it again.
    private var failure: ALSAError?
    private let failed = Atomic<Bool>(false)

    /// Opens `device` for the engine's format, in periods of the engine's
    /// `periodFrames` and a buffer of `bufferSize` frames — when nil, six
    /// periods on the sample path and four on the display path (see
    /// ``periodsPerBuffer(_:)``). Throws when the device cannot be opened
    /// or does not take the engine's rate and period.
    public init(engine: AudioEngine, device: String = "default", bufferSize: Int? = nil,
                configuration: ALSAConfiguration? = nil) throws(ALSAError) {
        self.engine = engine
        let periods = Self.periodsPerBuffer(engine.gainPath)
        pcm = try PCMOutput(device: device, channelCount: engine.channelCount, sampleRate: engine.sampleRate,
                            periodSize: engine.periodFrames,
                            bufferSize: bufferSize ?? periods.map { $0 * engine.periodFrames },
                            configuration: configuration)
        guard pcm.parameters.sampleRate == engine.sampleRate, pcm.parameters.periodSize == engine.periodFrames else {
            let actual = pcm.parameters
            pcm.close()
            throw .unsupportedParameters(device: device, reason:
                "asked for \(engine.sampleRate) Hz in periods of \(engine.periodFrames) frames, got \(actual.sampleRate) Hz and \(actual.periodSize)")
        }
    }

    deinit { pcm.close() }

    /// The ALSA parameters in use (format, period and buffer sizes).
    public var parameters: PCMOutput.Parameters { pcm.parameters }
    /// Device underruns recovered so far.
    public var xrunCount: Int { pcm.xrunCount }
    /// Whether the render thread runs with real-time priority.
    public var isRealTime: Bool { thread?.isRealTime ?? false }

    /// The buffer to ask for, in periods; nil for ``PCMOutput``'s default
    /// of six, which the sample path takes. The display path keeps four:
    /// its display link displays a refill's periods before they are
    /// rendered, so a change made between two display frames is heard up
    /// to a refill late, and four periods keep the refill at two.
    private static func periodsPerBuffer(_ path: GainPath) -> Int? {
        path == .display ? 4 : nil
    }

    /// Frames the render thread writes between wake-ups of the owning
    /// thread on a device that keeps real time: one refill (see the type's
    /// description), and at least two periods.
    private var ownerWakeInterval: Int {
        max(2 * engine.periodFrames, pcm.parameters.wakeUpSize)
    }

    /// How long the owning thread waits for the render thread's signal,
    /// which comes at least once per buffer: the timeout only bounds how
    /// late a stalled device is noticed.
    private var ownerWaitTimeout: Duration {
        .seconds(max(0.01, 2 * Double(pcm.parameters.bufferSize) / Double(pcm.parameters.sampleRate)))
    }

    /// Starts the render thread, after servicing the engine up to its first
    /// frame: what the caller set up before starting — an implicit
    /// transaction not yet committed, which Core Animation commits before
    /// the next frame is drawn — is heard from the first frame, however late
    /// the owning thread next runs.
    ///
    /// Returns once the render thread has written the device's buffer, or
    /// has stopped (``run(until:)`` and ``checkFailure()`` report why). That
    /// first fill is written as fast as it renders, not a period at a time:
    /// a change committed during it is stamped at a frame the render thread
    /// may pass before the change reaches it — if the owning thread is
    /// preempted in between — and would be heard up to a buffer late. From
    /// then on the render thread renders a period as the device frees one,
    /// so a change is heard within a period of its commit
    /// (docs/performance.md#live-play).
    public func start() throws(RenderThreadError) {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        engine.service(through: engine.renderedFrames)
        thread = try RenderThread { [self] in renderLoop() }
        awaitFirstFill()
    }

    /// Waits until the render thread has written a buffer's worth of frames
    /// or stopped, servicing the engine only when the render thread waits
    /// for it (an event, a period to display): the owning thread's work
    /// stays where ``run(until:)`` does it.
    private func awaitFirstFill() {
        let period = engine.periodFrames, buffer = pcm.parameters.bufferSize
        let fill = Int64(buffer - buffer % period)
        while running.load(ordering: .acquiring) && written.load(ordering: .relaxed) < fill {
            wake.wait(timeout: ownerWaitTimeout)
            if engine.core.renderableFrames(upTo: period) < period {
                engine.service(through: serviceHorizon)
            }
        }
    }

    private func renderLoop() {
        let core = engine.core, clock = engine.audioClock
        let period = engine.periodFrames, bufferSize = pcm.parameters.bufferSize
        let wakeInterval = Int64(ownerWakeInterval)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: period * engine.channelCount)
        defer { buffer.deallocate() }
        var periodsWritten = 0, mostQueued = 0, signalled: Int64 = 0
        while running.load(ordering: .acquiring) {
            // Room first, then the period: it is rendered just before it is
            // written, and when the device wakes the thread the owning
            // thread has had the whole refill to display what comes next.
            do {
                try pcm.waitForRoom(frames: period)
                guard core.renderableFrames(upTo: period) == period else {
                    wake.signal()
                    usleep(200)
                    continue
                }
                core.render(into: buffer, frames: period)
                try pcm.write(buffer, frames: period)
            } catch {
                if !failed.load(ordering: .relaxed) {
                    failure = error
                    failed.store(true, ordering: .releasing)
                }
                running.store(false, ordering: .releasing)
                wake.signal()
                return
            }
            let total = written.wrappingAdd(Int64(period), ordering: .relaxed).newValue
            let queued = (try? pcm.delay()) ?? 0
            let heard = max(0, total - Int64(queued))
            clock.heardFrames.store(heard, ordering: .releasing)
            heardOrigin.store(Self.monotonicNanoseconds() - Self.nanoseconds(ofFrames: heard, rate: engine.sampleRate),
                              ordering: .releasing)
            // A device keeps what is written queued until it plays it; one
            // that has queued less than a period after eight writes plays
            // faster than real time (the null and file plugins).
            periodsWritten += 1
            mostQueued = max(mostQueued, queued)
            if periodsWritten == 8 && mostQueued < period {
                core.outputIsRealTime.store(false, ordering: .releasing)
            }
            // Until the device is known to keep real time, and on one that
            // does not, after every period; on a card, once the buffer is
            // full and the next write will wait, if the owning thread's
            // interval has passed.
            if periodsWritten <= 8 || !core.outputIsRealTime.load(ordering: .relaxed)
                || (bufferSize - queued < period && total - signalled >= wakeInterval) {
                signalled = total
                wake.signal()
            }
        }
    }

    /// Services the engine on the calling (owning) thread until `done`
    /// returns true or the device fails.
    public func run(until done: () -> Bool) throws(ALSAError) {
        while !done() {
            wake.wait(timeout: ownerWaitTimeout)
            engine.service(through: serviceHorizon)
            try checkFailure()
        }
    }

    /// The frame the owning thread services the engine through: far enough
    /// ahead of the render thread for everything it renders before it next
    /// signals. An owning thread with work of its own at its own pace — a
    /// window's display refresh — calls ``AudioEngine/service(through:)``
    /// up to here, then ``checkFailure()``, instead of ``run(until:)``.
    public var serviceHorizon: Int64 {
        engine.renderedFrames + Int64(ownerWakeInterval)
    }

    /// Throws the error that stopped the render thread, if one did.
    public func checkFailure() throws(ALSAError) {
        if failed.load(ordering: .acquiring), let failure { throw failure }
    }

    /// The stream time being heard now, finer than the audio clock: the
    /// clock moves when the render thread writes, a refill at a time, which
    /// on a card is longer than a display refresh; between writes the
    /// device plays on at the sample rate, so the time is the last write's
    /// measure carried forward by the monotonic clock — never past what was
    /// written, never before the clock. On a device that does not keep real
    /// time (the `null` and `file` plugins) it is the audio clock itself.
    /// A picture drawn for this time is seen as its sound is heard.
    public var playbackTime: Double {
        let measured = engine.audioClock.currentTime
        let origin = heardOrigin.load(ordering: .acquiring)
        guard origin != 0, engine.core.outputIsRealTime.load(ordering: .acquiring) else { return measured }
        let carried = Double(Self.monotonicNanoseconds() - origin) / 1e9
        let writtenTime = engine.time(ofFrame: written.load(ordering: .relaxed))
        return min(max(carried, measured), writtenTime)
    }

    /// The duration of `frames` at `rate`, in nanoseconds: whole seconds
    /// and the rest apart, so that no product overflows (frames × 10⁹
    /// would after 53 hours at 48 kHz).
    private static func nanoseconds(ofFrames frames: Int64, rate: Int) -> Int64 {
        let rate = Int64(rate)
        return frames / rate * 1_000_000_000 + frames % rate * 1_000_000_000 / rate
    }

    /// `CLOCK_MONOTONIC` in nanoseconds (a vDSO call: real-time safe).
    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Fades the output to silence over 20 ms (the Ctrl-C path) and waits
    /// until the render thread has played the fade.
    public func fadeOut() throws(ALSAError) {
        engine.core.fadeOutRequested.store(true, ordering: .releasing)
        try run { engine.core.fadeOutFinished.load(ordering: .acquiring) }
    }

    /// Stops the render thread; with `drain`, waits until everything written
    /// has been played.
    public func stop(drain: Bool) throws(ALSAError) {
        running.store(false, ordering: .releasing)
        thread?.join()
        thread = nil
        if drain { try pcm.drain() } else { try pcm.drop() }
        engine.audioClock.heardFrames.store(written.load(ordering: .relaxed), ordering: .releasing)
    }
}
