import Foundation
import Synchronization

/// Which of the two gain paths drives the output gain
/// (docs/audio.md#two-gain-paths).
public enum GainPath: String, Sendable, CaseIterable {
    /// The render thread evaluates the committed animations at every frame.
    case sample
    /// The display link calls `display()` once per audio period and the gain
    /// ramps linearly to the value it set across the period.
    case display
}

/// The render thread's half of the engine: mixes the voices of the current
/// plan into interleaved `Float` frames.
///
/// Everything here is real-time safe: no locks, no allocation (buffers are
/// allocated in `init`), no I/O but the voices' non-blocking reads, no
/// `CALayer`. Plans arrive through a ``PlanHandoff`` and take effect at their
/// `effectiveFrame`, splitting a block if need be, so a change committed for
/// time T is heard from frame `ceil(T·fs − 1e-9)`. Stream time is always
/// computed as `frame / sampleRate` from the integer frame counter.
package final class RenderCore: @unchecked Sendable {
    package let sampleRate: Double
    package let channelCount: Int
    package let periodFrames: Int
    package let maxBlock: Int
    package let gainPath: GainPath
    let handoff = PlanHandoff()

    /// Frames rendered so far: the next frame to render. Written by the
    /// render thread.
    package let renderedFrames = Atomic<Int64>(0)
    /// The render thread renders only frames before this one; the owning
    /// thread moves it forward (scheduled events, display-path targets).
    package let renderLimit = Atomic<Int64>(Int64.max)
    /// Whether the owning thread's display link fires every period, and
    /// publishes ``displayedFrames``.
    package let pacedByDisplay: Bool
    /// The frames the owning thread's display link has displayed. On an
    /// output without a real-time deadline the render thread keeps within
    /// ``paceLead`` of them, so the owning thread's changes keep pace with
    /// the audio timeline.
    package let displayedFrames = Atomic<Int64>(0)
    /// How far past ``displayedFrames`` an output without a real-time
    /// deadline may render: four periods.
    private let paceLead: Int64
    /// Set by the owning thread to fade the output out (Ctrl-C).
    package let fadeOutRequested = Atomic<Bool>(false)
    /// Set by the render thread once the fade-out has reached silence.
    package let fadeOutFinished = Atomic<Bool>(false)
    /// Whether the output has a real-time deadline. The ALSA `null` and
    /// `file` plugins take audio as fast as it comes; on them the render
    /// thread may wait for a decoder that fell behind instead of playing
    /// silence, so the audio timeline stays exact whatever the machine's load.
    package let outputIsRealTime = Atomic<Bool>(true)

    private var plan: Unmanaged<MixPlan>?
    private var unretired: Unmanaged<MixPlan>?
    private let sourceBuffer: UnsafeMutablePointer<Float>
    private let gainLeft: UnsafeMutablePointer<Float>
    private let gainRight: UnsafeMutablePointer<Float>
    private let gainScratch: GainChain.Scratch
    private let filterScratch: FilterChain.Scratch
    /// A block's file frames per output frame, for varispeed voices, and
    /// the local times they are evaluated at.
    private let ratios: UnsafeMutablePointer<Double>
    private let rateTimes: UnsafeMutablePointer<Double>
    private let tolerance: Double
    /// 20 ms in whole frames: the length of the fade before the device
    /// closes, and of the engine's pause fade (``OutputFade``).
    let fadeOutFrames: Int
    private var fadeOutRemaining: Int

    init(sampleRate: Double, channelCount: Int, periodFrames: Int, maxBlock: Int, gainPath: GainPath,
         pacedByDisplay: Bool) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.periodFrames = periodFrames
        self.maxBlock = maxBlock
        self.gainPath = gainPath
        self.pacedByDisplay = pacedByDisplay
        paceLead = 4 * Int64(periodFrames)
        // An event at T counts from frame ceil(T·fs − 1e-9): 1e-9 of a frame.
        tolerance = 1e-9 / sampleRate
        sourceBuffer = .allocate(capacity: maxBlock * AudioEngine.supportedChannelCounts.upperBound)
        gainLeft = .allocate(capacity: maxBlock)
        gainRight = .allocate(capacity: maxBlock)
        gainScratch = GainChain.Scratch(capacity: maxBlock)
        filterScratch = FilterChain.Scratch(capacity: maxBlock)
        (ratios, rateTimes) = (.allocate(capacity: maxBlock), .allocate(capacity: maxBlock))
        ratios.initialize(repeating: 0, count: maxBlock)
        rateTimes.initialize(repeating: 0, count: maxBlock)
        fadeOutFrames = max(1, Int((0.02 * sampleRate).rounded()))
        fadeOutRemaining = fadeOutFrames
    }

    deinit {
        sourceBuffer.deallocate()
        gainLeft.deallocate()
        gainRight.deallocate()
        gainScratch.deallocate()
        filterScratch.deallocate()
        ratios.deallocate()
        rateTimes.deallocate()
        plan?.release()
        unretired?.release()
    }

    /// The next frame to render.
    package var position: Int64 { renderedFrames.load(ordering: .relaxed) }

    /// How many frames may be rendered now, up to `frames`: not past
    /// ``renderLimit`` nor, once the output is known to take audio faster
    /// than real time, more than ``paceLead`` past ``displayedFrames``.
    /// The render thread applies the second bound itself, so that it holds
    /// from the period in which it learns the output's pace, not from the
    /// owning thread's next turn.
    package func renderableFrames(upTo frames: Int) -> Int {
        var limit = renderLimit.load(ordering: .acquiring)
        if pacedByDisplay, !outputIsRealTime.load(ordering: .relaxed) {
            limit = min(limit, displayedFrames.load(ordering: .acquiring) + paceLead)
        }
        return Int(max(0, min(Int64(frames), limit - position)))
    }

    /// Renders the next `frames` frames (at most `maxBlock`) into `out`,
    /// interleaved, overwriting it.
    package func render(into out: UnsafeMutablePointer<Float>, frames: Int) {
        precondition(frames <= maxBlock, "block of \(frames) frames exceeds \(maxBlock)")
        let start = position
        var done = 0
        while done < frames {
            let frame = start + Int64(done)
            let span = planSpan(at: frame, upTo: frames - done)
            let spanOut = out + done * channelCount
            let current = plan?.takeUnretainedValue()
            var mixed = current.map { mix($0, into: spanOut, frames: span, at: frame) } ?? 0
            // Past the mix's end, silence, whatever the voices have left.
            if let end = current?.end, end < frame + Int64(mixed) { mixed = Int(max(0, end - frame)) }
            silence(spanOut, frames: mixed..<span)
            current?.fade.apply(to: spanOut, frames: mixed, channels: channelCount, from: frame)
            done += span
        }
        applyFadeOut(out, frames: frames)
        renderedFrames.store(start + Int64(frames), ordering: .releasing)
    }

    /// The offline renderer's shortcut: when the next frames are one voice
    /// at exactly unity gain, copies up to `frames` of them into `bytes` as
    /// the voice's file stores them — if it stores them in `layout`, the
    /// output file's — and returns how many; 0 when they must be rendered.
    ///
    /// Unity gain means that the sample path would scale every channel by
    /// exactly 1 (``GainChain/constantGains(frames:from:sampleRate:tolerance:panned:)``),
    /// so the decoded frames would reach the output unchanged and be
    /// quantised back to the words they were read from
    /// (``StoredSampleLayout``): the copy writes the same file. The copy
    /// stops where a queued plan takes effect, as a rendered block splits.
    package func copyStoredFrames(upTo frames: Int, layout: StoredSampleLayout, into bytes: UnsafeMutableRawPointer) -> Int {
        guard gainPath == .sample, !fadeOutRequested.load(ordering: .relaxed) else { return 0 }
        let start = position
        let span = planSpan(at: start, upTo: renderableFrames(upTo: frames))
        guard span > 0, let plan = plan?.takeUnretainedValue(), start + Int64(span) <= plan.end,
              plan.fade.isUnity(over: start..<(start + Int64(span))) else { return 0 }
        var only: MixPlan.Entry?
        for entry in plan.entries where entry.position.isRunning && !entry.voice.hasEnded.load(ordering: .relaxed) {
            guard only == nil else { return 0 }
            only = entry
        }
        guard let entry = only, entry.voice.varispeed == nil, entry.filters == nil,
              entry.position.localFrame(atMixFrame: start) >= 0,
              entry.voice.channelCount == channelCount,
              let gains = entry.chain.constantGains(frames: span, from: start, sampleRate: sampleRate,
                                                    tolerance: tolerance, panned: channelCount == 2),
              gains == (1, 1)
        else { return 0 }
        if !entry.voice.hasStarted {
            catchUp(entry.voice, rate: entry.rate, to: entry.position.localFrame(atMixFrame: start))
        }
        guard let (read, ended) = entry.voice.reader.readStored(into: bytes, frameCount: span, layout: layout)
        else { return 0 }
        account(entry.voice, read: read, ended: ended, at: start)
        renderedFrames.store(start + Int64(read), ordering: .releasing)
        return read
    }

    /// Switches to the plans due at `frame` and returns how many of the next
    /// `frames` frames the current plan holds for: up to the effective frame
    /// of the next queued plan.
    private func planSpan(at frame: Int64, upTo frames: Int) -> Int {
        adoptPlans(at: frame)
        guard let next = handoff.peek(), next.effectiveFrame > frame else { return frames }
        return min(frames, Int(next.effectiveFrame - frame))
    }

    /// Switches to every queued plan whose effective frame has come.
    private func adoptPlans(at frame: Int64) {
        if let pending = unretired, handoff.retire(pending) { unretired = nil }
        while let next = handoff.peek(), next.effectiveFrame <= frame, unretired == nil {
            let taken = handoff.take()!
            if let old = plan, !handoff.retire(old) { unretired = old }
            plan = taken
        }
    }

    /// Mixes the plan's playing voices into `out` and returns how many of
    /// its first frames now hold the mix — up to the last frame any voice
    /// delivered; the caller silences the rest. A voice plays from where its
    /// layer's time is in its file (``MediaPosition``): nothing while that
    /// time stands still, silence before the file's first frame. The first
    /// voice to start at the block's first frame stores its frames and later
    /// ones add theirs, so the block is never cleared only to be
    /// overwritten. Never inlined: one call per block costs nothing, and
    /// Benchmarks/gain-kernel.sh times the gain kernel by this symbol.
    @inline(never)
    private func mix(_ plan: MixPlan, into out: UnsafeMutablePointer<Float>, frames: Int, at frame: Int64) -> Int {
        var mixed = 0
        for entry in plan.entries where entry.position.isRunning {
            let voice = entry.voice
            guard !voice.hasEnded.load(ordering: .relaxed) else { continue }
            let lead = entry.position.framesBeforeStart(at: frame, upTo: frames)
            guard lead < frames else { continue }
            let start = frame + Int64(lead)
            if !voice.hasStarted { catchUp(voice, rate: entry.rate, to: entry.position.localFrame(atMixFrame: start)) }
            let (read, ended) = read(voice, rate: entry.rate, frames: frames - lead, at: start)
            let end = lead + read
            account(voice, read: read, ended: ended, at: start)
            guard read > 0 else { continue }
            if let (filters, memory) = entry.filters {
                filters.process(sourceBuffer, frames: read, channels: voice.channelCount, from: start,
                                sampleRate: sampleRate, tolerance: tolerance, memory: memory, scratch: filterScratch)
            }
            switch gainPath {
            case .sample: sampleGains(entry.chain, frames: read, at: start)
            case .display: displayGains(voice, chain: entry.chain, frames: read, at: start)
            }
            let mode: GainKernel.Mode = mixed == 0 && lead == 0 ? .store : .add
            if mode == .add && end > mixed { silence(out, frames: mixed..<end) }
            GainKernel.mix(source: sourceBuffer, sourceChannels: voice.channelCount, left: gainLeft, right: gainRight,
                           into: out + lead * channelCount, channels: channelCount, frames: read, mode: mode)
            mixed = max(mixed, end)
        }
        return mixed
    }

    /// Moves a new voice's reader on to local frame `localFrame`, where its
    /// layer is where the voice is first heard. The reader was opened where
    /// the layer is on its plan's effective frame; a plan that reaches this
    /// thread after that frame — the owning thread was still opening the
    /// reader, decoding its first second, while this thread rendered on —
    /// would otherwise play the file late by the frames between, and a seek
    /// would land short of its target. A varispeed reader renders the
    /// frames between at the layer's rate and drops them.
    private func catchUp(_ voice: Voice, rate: RateChain, to localFrame: Int64) {
        voice.hasStarted = true
        var behind = localFrame - voice.readerStart
        var at = voice.readerStart
        while behind > 0 {
            let chunk = Int(min(behind, Int64(maxBlock)))
            let (read, ended): (Int, Bool)
            if let varispeed = voice.varispeed {
                rate.ratios(fromLocalFrame: at + VarispeedReader.lookahead, count: chunk, sampleRate: sampleRate,
                            tolerance: tolerance,
                            times: rateTimes, into: ratios)
                (read, ended) = varispeed.read(into: sourceBuffer, frameCount: chunk, ratios: ratios)
            } else {
                (read, ended) = voice.reader.read(into: sourceBuffer, frameCount: chunk)
            }
            behind -= Int64(read)
            at += Int64(read)
            if ended || read == 0 { break }
        }
    }

    /// Notes, when a read delivered a voice's last frames from output frame
    /// `frame` on, where the voice ended.
    private func account(_ voice: Voice, read: Int, ended: Bool, at frame: Int64) {
        guard ended else { return }
        voice.endFrame.store(frame + Int64(read), ordering: .relaxed)
        voice.hasEnded.store(true, ordering: .releasing)
    }

    /// Zeroes `frames` of the interleaved block `out`.
    private func silence(_ out: UnsafeMutablePointer<Float>, frames: Range<Int>) {
        (out + frames.lowerBound * channelCount).update(repeating: 0, count: frames.count * channelCount)
    }

    /// Reads up to `frames` frames of `voice` from mix frame `frame`, at
    /// its layer's rate if it is a varispeed voice. A decoder that has
    /// fallen behind delivers what it has (the rest is silence), unless the
    /// output has no real-time deadline: then the read is retried, sleeping
    /// 100 µs between tries, for up to two seconds.
    private func read(_ voice: Voice, rate: RateChain, frames: Int, at frame: Int64) -> (frames: Int, ended: Bool) {
        if voice.varispeed != nil {
            rate.ratios(frames: frames, from: frame + VarispeedReader.lookahead, sampleRate: sampleRate,
                        tolerance: tolerance,
                        times: rateTimes, into: ratios)
        }
        func next(_ read: Int) -> (frames: Int, ended: Bool) {
            let out = sourceBuffer + read * voice.channelCount
            guard let varispeed = voice.varispeed else { return voice.reader.read(into: out, frameCount: frames - read) }
            return varispeed.read(into: out, frameCount: frames - read, ratios: ratios + read)
        }
        var (read, ended) = next(0)
        var tries = 0
        while read < frames && !ended && tries < 20_000 && !outputIsRealTime.load(ordering: .relaxed) {
            usleep(100)
            tries += 1
            let more = next(read)
            read += more.frames
            ended = more.ended
        }
        return (read, ended)
    }

    /// The sample path: the chain at every frame's time.
    private func sampleGains(_ chain: GainChain, frames: Int, at frame: Int64) {
        chain.render(frames: frames, from: frame, sampleRate: sampleRate, tolerance: tolerance,
                     panned: channelCount == 2, scratch: gainScratch, left: gainLeft, right: gainRight)
    }

    /// The display path: within period p, a straight ramp from the gain
    /// posted for period p − 1 to the gain posted for p, which is the
    /// presented gain at the end of period p. A period whose gain was not
    /// posted in time holds the previous one: late, but never a step.
    private func displayGains(_ voice: Voice, chain: GainChain, frames: Int, at frame: Int64) {
        let period = Int64(periodFrames)
        for i in 0..<frames {
            let f = frame + Int64(i)
            let p = f / period
            if voice.rampPeriod != p {
                let start = voice.rampEnd ?? chain.gains(atHostTime: Double(f) / sampleRate, tolerance: tolerance,
                                                         panned: channelCount == 2)
                voice.rampStart = start
                voice.rampEnd = voice.displayGain(forPeriod: p) ?? start
                voice.rampPeriod = p
            }
            let (a, b) = (voice.rampStart!, voice.rampEnd!)
            let u = Double(f - p * period + 1) / Double(period)
            gainLeft[i] = Float(a.left + (b.left - a.left) * u)
            gainRight[i] = Float(a.right + (b.right - a.right) * u)
        }
    }

    /// Ctrl-C: a straight 20 ms ramp to silence, then silence.
    private func applyFadeOut(_ out: UnsafeMutablePointer<Float>, frames: Int) {
        guard fadeOutRequested.load(ordering: .relaxed) else { return }
        for i in 0..<frames {
            let g = Float(fadeOutRemaining) / Float(fadeOutFrames)
            for c in 0..<channelCount { out[i * channelCount + c] *= g }
            if fadeOutRemaining > 0 { fadeOutRemaining -= 1 }
        }
        if fadeOutRemaining == 0 { fadeOutFinished.store(true, ordering: .releasing) }
    }
}
