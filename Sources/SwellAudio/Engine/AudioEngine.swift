import Foundation
import Synchronization

/// A render host that turns a layer tree into sound.
///
/// The engine's clock is the audio clock: frames heard divided by the sample
/// rate (docs/architecture.md#clocks). Each commit of its tree becomes a
/// `MixPlan` — the audio layers with their gain chains — handed lock-free
/// to the render thread, effective from the first frame at or after the
/// commit time, so changes are sample-accurate. The engine is driven either
/// live by an `AudioOutput` (a render thread writing to ALSA) or offline
/// by an `OfflineRenderer` (a file); both call ``service(through:)`` on
/// the owning thread, which runs scheduled events, display-link frames (one
/// per audio period) and the animation life cycle.
public final class AudioEngine: RenderHost {
    /// The channel counts a source may have: mono to 7.1.
    public static let supportedChannelCounts: ClosedRange<Int> = 1...8

    public let sampleRate: Int
    public let channelCount: Int
    /// Frames per audio period: the display link's frame, and the live
    /// output's ALSA period.
    public let periodFrames: Int
    public let gainPath: GainPath
    public let limit: GainLimit
    /// Fires once per audio period, in audio-clock time. The link does not
    /// retain the engine, so that the two do not keep each other alive; it
    /// is for use while the engine exists.
    public private(set) var displayLink: CADisplayLink!

    package let core: RenderCore
    package let audioClock: AudioClock
    /// Whether the display link fires every audio period: always live, and
    /// offline on the display path (offline on the sample path nothing
    /// needs it, and a render stays fast).
    private let firesEveryPeriod: Bool
    /// Whether sources stream from decoding threads (live) or are read on
    /// the rendering thread (offline).
    private let streamsSources: Bool
    private var voices: [UInt64: Voice] = [:]
    /// The gain chain of each audio layer in the latest commit, by serial.
    private var chains: [UInt64: GainChain] = [:]
    /// The filter memory of each audio layer with filters in the latest
    /// plan, by serial: the next plan keeps it while the chain keeps its
    /// shape.
    private var filterMemories: [UInt64: FilterMemory] = [:]
    /// The time the latest change was committed at — its first frame is
    /// `firstFrame(atTime: lastCommitTime)`: where a pause's or resume's
    /// ramp starts (docs/audio.md#pausing-without-a-click).
    public private(set) var lastCommitTime = 0.0
    private var displayedPeriods: Int64 = 0
    private var displayPeriod: Int64?
    /// The pause fade of the latest plan (``OutputFade``).
    private var outputFade = OutputFade.unity
    /// The fade the next plan starts at its effective frame: from a gain
    /// (nil: the one the current fade has reached there) to 0 or 1.
    private var pendingFade: (from: Double?, to: Double)?
    /// The pause a fade-out makes at its end, numbered; nil when none is on
    /// its way. A resume clears it, so the fade's scheduled pause then does
    /// nothing.
    private var pendingPause: Int?
    private var pauseCount = 0
    /// The time the jumps asked for are committed at while the mix fades
    /// out before them (``performJump(_:)``); nil when no jump is on its way.
    private var pendingJumpTime: CFTimeInterval?

    /// Where the mix ends, in the root layer's time: from the frame the
    /// root's time reaches it on, the output is silent, as if every file
    /// had ended there — so a session of a set length (`swell play
    /// --duration`) is heard for exactly that long, whatever the period the
    /// device takes frames in and however late the owning thread notices
    /// the end. A pause holds the end off and a seek moves it, as they do
    /// the files. nil (the default): the mix has no end of its own.
    public var endTime: Double? {
        didSet { if rootLayer != nil { republish() } }
    }

    /// How the engine's sources are read.
    public enum Mode: Sendable {
        /// Live playback: files stream from decoding threads.
        case live
        /// Offline rendering: files are read on the rendering thread.
        case offline
    }

    /// An engine mixing `channelCount` channels at `sampleRate`, rendering
    /// blocks of up to `maxBlock` frames.
    public init(sampleRate: Int, channelCount: Int, periodFrames: Int = 256, maxBlock: Int = 4096,
                gainPath: GainPath = .sample, allowsBoost: Bool = false, mode: Mode) {
        precondition(sampleRate > 0 && channelCount > 0 && periodFrames > 0, "invalid engine format")
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.periodFrames = periodFrames
        self.gainPath = gainPath
        limit = GainLimit(allowsBoost: allowsBoost)
        firesEveryPeriod = mode == .live || gainPath == .display
        core = RenderCore(sampleRate: Double(sampleRate), channelCount: channelCount, periodFrames: periodFrames,
                          maxBlock: max(maxBlock, periodFrames), gainPath: gainPath,
                          pacedByDisplay: firesEveryPeriod)
        audioClock = AudioClock(sampleRate: sampleRate)
        streamsSources = mode == .live
        super.init(clock: audioClock)
        displayLink = CADisplayLink(owner: self) { _ in }
        updateRenderLimit()
    }

    // MARK: Time

    /// The stream time of frame `frame`: `frame / sampleRate`.
    public func time(ofFrame frame: Int64) -> Double {
        Double(frame) / Double(sampleRate)
    }

    /// The first frame an event at `time` affects: `ceil(time·fs − 1e-9)`,
    /// saturated to the range of `Int64` — an event at 10^15 s comes after
    /// every frame there is, not a trap.
    public func firstFrame(atTime time: Double) -> Int64 {
        let frame = (time * Double(sampleRate) - 1e-9).rounded(.up)
        return Int64(exactly: frame) ?? (frame > 0 ? .max : .min)
    }

    /// Frames rendered so far.
    public var renderedFrames: Int64 { core.position }

    /// A scheduled event commits at its time. Any other change is heard from
    /// the next frame not yet rendered — or, made during a display frame
    /// (which runs ahead of the render thread), from that frame's time — so
    /// its animations begin there and are heard from their first frame.
    /// Commit times never go backwards.
    public override var commitTime: CFTimeInterval {
        max(eventTime ?? max(time(ofFrame: core.position), currentTime), lastCommitTime)
    }

    /// One billionth of a frame (docs/audio.md#time-is-exact).
    public override var evaluationTolerance: Double {
        1e-9 / Double(sampleRate)
    }

    /// Display frames are evaluated at their target time — the end of the
    /// audio period — as Apple recommends for `targetTimestamp`.
    public override func displayTime(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval) -> CFTimeInterval {
        targetTimestamp
    }

    // MARK: Events

    public override func didSchedule() {
        updateRenderLimit()
    }

    // MARK: Servicing

    /// The owning thread's work, up to frame `horizon`: events due by then,
    /// display frames for the periods before it, the animation life cycle,
    /// and the render limit that keeps the render thread from passing an
    /// event that has not run or (display path) a period whose gain has not
    /// been displayed.
    public func service(through horizon: Int64) {
        core.handoff.collect()
        let period = Int64(periodFrames)
        while firesEveryPeriod && (displayedPeriods + 1) * period <= horizon {
            let p = displayedPeriods
            let start = time(ofFrame: p * period), end = time(ofFrame: (p + 1) * period)
            runEvents(through: end)
            if gainPath == .display { markAudioLayersForDisplay() }
            displayPeriod = p
            displayLink.fire(timestamp: start, targetTimestamp: end)
            displayPeriod = nil
            displayedPeriods += 1
        }
        runEvents(through: time(ofFrame: horizon))
        withTime(audioClock.currentTime) { tick() }
        updateRenderLimit()
    }

    /// The render thread may not pass the next event that has not run, nor,
    /// on the display path, a period whose gain has not been displayed. The
    /// display frames are published too: on an output without a real-time
    /// deadline (the `null` and `file` plugins) the render thread keeps a few
    /// periods past them, so that the owning thread's display link and
    /// changes keep pace with the audio timeline instead of falling behind a
    /// render thread that never waits (``RenderCore/renderableFrames(upTo:)``).
    private func updateRenderLimit() {
        var limit = nextEventTime.map { firstFrame(atTime: $0) } ?? .max
        let displayed = displayedPeriods * Int64(periodFrames)
        if gainPath == .display { limit = min(limit, displayed) }
        core.displayedFrames.store(displayed, ordering: .releasing)
        core.renderLimit.store(limit, ordering: .releasing)
    }

    // MARK: Plans

    public override func didPublish(_ snapshot: RenderSnapshot?, at: CFTimeInterval) {
        lastCommitTime = at
        let effectiveFrame = max(firstFrame(atTime: at), 0)
        if let fade = pendingFade { startFade(fade, at: effectiveFrame) }
        var entries: [MixPlan.Entry] = []
        var live: [UInt64: Voice] = [:], memories: [UInt64: FilterMemory] = [:]
        chains = [:]
        for (index, record) in (snapshot?.records ?? []).enumerated() {
            guard let state = record.renderState as? AudioLayerState else { continue }
            let chain = GainChain(snapshot: snapshot!, index: index, limit: limit)
            chains[record.serial] = chain
            let position = MediaPosition(snapshot: snapshot!, index: index, from: effectiveFrame, sampleRate: sampleRate)
            let rate = RateChain(snapshot: snapshot!, index: index)
            guard let source = state.source,
                  let voice = voice(for: record, source: source, position: position, rate: rate, from: effectiveFrame)
            else { continue }
            live[record.serial] = voice
            let filters = filterStage(of: snapshot!, index: index, channels: voice.channelCount)
            memories[record.serial] = filters?.memory
            entries.append(.init(voice: voice, chain: chain, position: position, rate: rate, filters: filters))
        }
        voices = live
        filterMemories = memories
        core.handoff.submit(MixPlan(effectiveFrame: effectiveFrame, entries: entries, fade: outputFade,
                                    end: endFrame(of: snapshot, from: effectiveFrame)))
    }

    /// The filters of the layer at `index`, with the memory of its previous
    /// plan when the chain has kept its shape and the voice its channels;
    /// nil when the layer and its ancestors have none.
    private func filterStage(of snapshot: RenderSnapshot, index: Int,
                             channels: Int) -> (chain: FilterChain, memory: FilterMemory)? {
        let chain = FilterChain(snapshot: snapshot, index: index)
        guard !chain.isEmpty else { return nil }
        let serial = snapshot.records[index].serial
        if let memory = filterMemories[serial], memory.shape == chain.shape, memory.channels == channels {
            return (chain, memory)
        }
        return (chain, FilterMemory(shape: chain.shape, channels: channels))
    }

    /// The mix frame at which the root layer's time reaches ``endTime``,
    /// for a plan from mix frame `first` on: the root's time is an affine
    /// function of the frame, as a file's position is (``MediaPosition``).
    /// `Int64.max` when there is no end, or the root's time stands still.
    private func endFrame(of snapshot: RenderSnapshot?, from first: Int64) -> Int64 {
        guard let endTime, let snapshot, !snapshot.records.isEmpty else { return .max }
        let root = MediaPosition(snapshot: snapshot, index: 0, from: first, sampleRate: sampleRate)
        guard let end = Int64(exactly: (endTime * Double(sampleRate)).rounded()) else { return .max }
        return root.mixFrame(atLocalFrame: end) ?? .max
    }

    // MARK: Pausing

    /// The pause fade's length: 20 ms in whole frames (960 at 48 kHz), as
    /// the fade before the device closes on Ctrl-C.
    public var pauseFadeFrames: Int64 { Int64(core.fadeOutFrames) }

    /// QA1673's pause of the root layer without a click
    /// (docs/audio.md#pausing-without-a-click): from the commit's frame F
    /// the mix ramps straight to silence over ``pauseFadeFrames`` N, and at
    /// frame F + N a scheduled event pauses the root layer, so every file
    /// holds at the first frame not heard. The ramp's frames play on in
    /// their files: the sound fades where it is, it does not stop and fade.
    public override func pauseRootLayer() {
        guard rootLayer != nil, !isRootLayerPaused else { return }
        pauseCount += 1
        pendingPause = pauseCount
        pendingFade = (nil, 0)
        republish()
    }

    /// QA1673's resume of the root layer, ramping the mix from silence back
    /// to full over ``pauseFadeFrames`` from the commit's frame, the files
    /// carrying on from the frames they held. A resume during a pause's
    /// fade-out turns the fade around from the gain it has reached, and the
    /// layer's time never stops.
    public override func resumeRootLayer() {
        guard let root = rootLayer, isRootLayerPaused else { return }
        pendingPause = nil
        if root.isPaused {
            pendingFade = (0, 1)
            CATransaction.begin()
            root.resume()
            CATransaction.commit()
        } else {
            pendingFade = (nil, 1)
            republish()
        }
    }

    /// The end of the fade a jump asked for now is made behind:
    /// ``pauseFadeFrames`` after the commit's frame, or the end of the fade
    /// already on its way to another jump, or the commit time itself while
    /// the tree is paused, and silent.
    public override var jumpTime: CFTimeInterval {
        guard rootLayer != nil, !isRootLayerPaused else { return commitTime }
        if let pendingJumpTime { return pendingJumpTime }
        return time(ofFrame: max(firstFrame(atTime: commitTime), 0) + pauseFadeFrames)
    }

    /// A jump without a click (docs/audio.md#seeking-without-a-click): from
    /// the commit's frame F the mix ramps to silence over N frames, as for
    /// a pause, and the caller's transaction — the jump — commits at F + N,
    /// where the mix ramps back up: the files' last frames before the jump
    /// fade out where they were, their first frames after it fade in where
    /// they went. The tree's model moves at once, so a second jump asked
    /// for before F + N starts from where the first went; it joins the
    /// first, committed at F + N too, so that jumps asked for faster than
    /// the fade (a held media key, a flood of requests) make one dip, not a
    /// silence that grows with each. A pause asked for meanwhile keeps the
    /// mix down. While the tree is paused nothing is heard, and the jump
    /// commits at once.
    public override func performJump(_ jump: () -> Void) {
        guard rootLayer != nil, !isRootLayerPaused else { return jump() }
        guard pendingJumpTime == nil else { return jump() }
        let time = jumpTime
        pendingJumpTime = time
        pendingFade = (nil, 0)
        republish()
        // Commit times never go backwards: the caller's commit, and any
        // other until then, is at the fade's end.
        lastCommitTime = max(lastCommitTime, time)
        jump()
        // An event of its own, after the jumps' commits, so that the fade
        // in is published whether or not they changed anything.
        schedule(at: time) { [unowned self] in
            pendingJumpTime = nil
            guard !isRootLayerPaused else { return }
            pendingFade = (0, 1)
            republish()
        }
    }

    public override var isRootLayerPaused: Bool {
        pendingPause != nil || super.isRootLayerPaused
    }

    /// Publishes the latest snapshot again at the commit time: nothing in
    /// the tree changed, but the plan from the commit's frame carries the
    /// new fade.
    private func republish() {
        didPublish(latestSnapshot, at: commitTime)
    }

    /// Starts `fade` at `frame`; a fade to silence schedules its pause for
    /// the frame it reaches silence, the time at which the root stops.
    private func startFade(_ fade: (from: Double?, to: Double), at frame: Int64) {
        pendingFade = nil
        outputFade = OutputFade(from: fade.from ?? outputFade.gain(atFrame: frame), to: fade.to,
                                start: frame, frames: pauseFadeFrames)
        guard fade.to == 0, let pause = pendingPause else { return }
        schedule(at: time(ofFrame: frame + pauseFadeFrames)) { [unowned self] in
            guard pendingPause == pause else { return }
            pendingPause = nil
            rootLayer?.pause()
        }
    }

    /// The voice that plays `record`'s source at `position` from frame
    /// `first`: the layer's voice of the latest plan when its local time
    /// carries on where that plan had it, else a new one — the layer was
    /// moved to another place in its file (docs/audio.md#time-drives-the-media).
    /// A frame apart is the same place: a pause or resume committed between
    /// two frames rounds the held local time to one and the running time
    /// to the other, and the sound carries on.
    ///
    /// How the voice reads the file follows the layer's rate
    /// (``RateChain/reading(atSampleRate:)``, docs/rate.md): frame for
    /// frame at rate 1, through libsoxr's fixed-ratio resampler at a rate
    /// that holds, as SoX's `speed` does, and through the varispeed reader
    /// otherwise. A voice keeps its way of reading while its time carries
    /// on and its rate asks for the same — a varispeed voice, whatever its
    /// rate does next; one whose rate starts to move, or to hold, is
    /// followed by a new one from the file position it reached.
    private func voice(for record: LayerRecord, source: any AudioSource, position: MediaPosition, rate: RateChain,
                       from first: Int64) -> Voice? {
        let format = source.format
        let previous = voices[record.serial]
        if position.speed < 0 && previous?.position.speed != position.speed {
            CADiagnostics.warn("'\(format.path)' holds where it is: its layer's time runs backwards (speed \(position.speed)), and Swell plays files forwards only")
        }
        let local = position.localFrame(atMixFrame: first)
        let reading = rate.reading(atSampleRate: sampleRate)
        var reached: Double?
        if let voice = previous {
            let localReached = voice.position.localFrame(atMixFrame: first)
            voice.position = position
            if abs(localReached - local) <= 1 {
                if voice.reading == .varispeed || voice.reading == reading { return voice }
                reached = voice.filePosition(atLocalFrame: localReached, sampleRate: sampleRate)
            }
        }
        guard format.sampleRate == sampleRate else {
            CADiagnostics.warn("cannot play '\(format.path)': it is \(format.sampleRate) Hz and the engine runs at \(sampleRate) Hz")
            return nil
        }
        // Where the layer is: its local frame, or 0 if its time has not
        // reached it; in the file, where the voice before it got to, or
        // ∫ rate from 0.
        let start = max(local, 0)
        let at = min(reached ?? (reading == .direct ? Double(start) : rate.filePosition(
            atLocalTime: Double(start) / Double(sampleRate), tolerance: evaluationTolerance) * Double(sampleRate)),
                     Double(format.frameCount))
        do {
            if let frame = Int64(exactly: at) {
                switch reading {
                case .direct:
                    return Voice(reader: try source.makeReader(streaming: streamsSources, from: frame),
                                 position: position, from: start, fileFrame: frame)
                case .resampled(let inputRate):
                    let stream = try SoxrStream.make(from: inputRate, to: sampleRate, channelCount: format.channelCount)
                    let reader = ResampledReader(inner: try source.makeReader(streaming: streamsSources, from: frame),
                                                 stream: stream, from: inputRate, to: sampleRate)
                    return Voice(reader: reader, reading: reading, position: position, from: start, fileFrame: frame)
                case .varispeed:
                    break
                }
            }
            let leading = rate.leadingRatios(fromLocalFrame: start, sampleRate: Double(sampleRate),
                                             tolerance: evaluationTolerance)
            let reader = try VarispeedReader(source: source, streaming: streamsSources, from: at, leading: leading)
            return Voice(varispeed: reader, position: position, from: start)
        } catch {
            CADiagnostics.warn("cannot play '\(format.path)': \(error)")
            return nil
        }
    }

    // MARK: Display path

    /// On the display path every audio layer displays once per audio
    /// period. Its gain is its own volume times its ancestors' volumes
    /// (docs/audio.md#the-layer-tree-is-the-mix), and a change to an
    /// ancestor is no change to any of the audio layer's own
    /// `needsDisplay(forKey:)` keys, so the display link would not
    /// redisplay it by itself — as Core Animation redraws a layer's
    /// contents only for its own keys, and leaves its ancestors' opacity to
    /// the compositor.
    private func markAudioLayersForDisplay() {
        rootLayer?.forEachInTree { layer in
            if layer is AudioLayer { layer.setNeedsDisplay() }
        }
    }

    /// Called by ``AudioLayer/display()`` during a display frame: on the
    /// display path, posts the layer's gain at the frame's time — the
    /// gain of its presentation, as the `-display` of objc.io's
    /// `AudioLayer` reads `presentationLayer.volume` — as the target the
    /// current audio period ramps to. (On the sample path the render
    /// thread evaluates the gain itself, and nothing would read the post.)
    func displayGain(of layer: AudioLayer) {
        guard gainPath == .display, let period = displayPeriod, let voice = voices[layer.serial],
              let gain = presentedGain(of: layer) else { return }
        voice.postDisplayGain(gain, forPeriod: period)
    }

    /// The gain `layer` is presented at now, as both gain paths compute it
    /// (`GainChain`); nil before the layer is committed.
    public func presentedGain(of layer: AudioLayer) -> (left: Double, right: Double)? {
        chains[layer.serial]?.gains(atHostTime: currentTime, tolerance: evaluationTolerance, panned: channelCount == 2)
    }

    // MARK: Playback state

    /// Whether every playing source has reached its end.
    public var sourcesHaveEnded: Bool {
        voices.values.allSatisfy { $0.hasEnded.load(ordering: .acquiring) }
    }

    /// The failure of a source whose decoding failed, once the frames it
    /// decoded before have all been mixed; nil until then.
    public var sourceFailure: (any Error)? {
        failedVoice?.reader.failure
    }

    /// A voice whose source failed and that has delivered its last frame.
    private var failedVoice: Voice? {
        voices.values.first { $0.hasEnded.load(ordering: .acquiring) && $0.reader.failure != nil }
    }

    /// Where the sound of the sources ends, in output frames: after the
    /// last frame a failed source delivered, once it has delivered it (what
    /// follows in the same block is silence the file did not hold); else,
    /// once every source has ended, after the last frame of the one that
    /// ended last; nil until then, or when there is no source. A render of
    /// an input whose length is unknown (a stream) ends there. (`endFrame`
    /// is written before `hasEnded`, which is read with acquiring order.)
    public var sourcesEndFrame: Int64? {
        if let failed = failedVoice { return failed.endFrame.load(ordering: .relaxed) }
        guard !voices.isEmpty, sourcesHaveEnded else { return nil }
        return voices.values.map { $0.endFrame.load(ordering: .relaxed) }.max()
    }
}

/// The audio clock: frames heard divided by the sample rate. The output
/// that delivers frames sets `heardFrames`; the time is computed from the
/// integer counter, never summed.
package final class AudioClock: MediaClock {
    let sampleRate: Int
    package let heardFrames = Atomic<Int64>(0)

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    package var currentTime: CFTimeInterval {
        Double(heardFrames.load(ordering: .acquiring)) / Double(sampleRate)
    }
}
