import Foundation
import Synchronization

/// One playing source in an engine: its sample reader, the gain targets the
/// display path posts for it, and the render thread's running state.
///
/// Created on the owning thread when an ``AudioLayer`` with a file first
/// appears in a committed tree, and again whenever a commit moves the
/// layer's file position (docs/audio.md#time-drives-the-media); referenced
/// by mix plans. The render thread
/// is the only one that touches `previousGain` and `reader.read`; the
/// display targets are a small lock-free mailbox written by the owning
/// thread.
final class Voice: @unchecked Sendable {
    /// The source's frames: what the voice plays, or what its varispeed
    /// reader resamples.
    let reader: any AudioSourceReader
    /// For a layer that does not play its file frame for frame — a `rate`
    /// other than 1, animated, or a `speed` other than 1 — the reader that
    /// resamples it (docs/rate.md); nil for one that does.
    let varispeed: VarispeedReader?
    /// How the voice reads its file.
    let reading: RateChain.Reading
    let channelCount: Int
    /// Set once the reader has delivered its last frame (render thread writes).
    let hasEnded = Atomic<Bool>(false)
    /// Where the layer was in its file in the latest plan (owning thread).
    var position: MediaPosition
    /// The output frame after the last one the reader delivered, once it
    /// has ended (render thread writes, before `hasEnded`): where a file
    /// that ran out or failed stops being heard.
    let endFrame = Atomic<Int64>(0)
    /// The local frame the reader starts at: where the layer is at the
    /// effective frame of the plan the voice was made for (or 0, if its
    /// time has not reached it) — for a direct voice, the file frame too. A
    /// voice first heard later catches up from there.
    let readerStart: Int64
    /// The file frame the reader starts at (a direct or resampled voice).
    let fileStart: Int64
    /// Whether the render thread has begun reading (render thread only).
    var hasStarted = false

    // Display path: the gain each audio period should end at, posted by
    // AudioLayer.display() on the owning thread, per period, in a ring.
    private static let slotCount = 64
    private final class Slot: Sendable {
        let period = Atomic<Int64>(-1)
        let left = Atomic<UInt64>(0)
        let right = Atomic<UInt64>(0)
    }
    private let slots = (0..<Voice.slotCount).map { _ in Slot() }
    /// The display-path ramp of the period being rendered: which period,
    /// and the gains it starts and ends at (render thread only).
    var rampPeriod: Int64 = -1
    var rampStart: (left: Double, right: Double)?
    var rampEnd: (left: Double, right: Double)?

    /// A voice that reads `reader` — the file frame for frame, or a
    /// resampler of it (`reading`) — whose first frame, file frame
    /// `fileFrame`, plays at local frame `localFrame`.
    init(reader: any AudioSourceReader, reading: RateChain.Reading = .direct, position: MediaPosition,
         from localFrame: Int64, fileFrame: Int64) {
        self.reader = reader
        varispeed = nil
        self.reading = reading
        self.position = position
        readerStart = localFrame
        fileStart = fileFrame
        channelCount = reader.channelCount
    }

    /// A varispeed voice, whose reader is at its first position at local
    /// frame `localFrame`.
    init(varispeed: VarispeedReader, position: MediaPosition, from localFrame: Int64) {
        reader = varispeed.inner
        self.varispeed = varispeed
        reading = .varispeed
        self.position = position
        readerStart = localFrame
        fileStart = 0
        channelCount = reader.channelCount
    }

    /// Where a direct or resampled voice is in its file at local frame
    /// `localFrame` of a mix at `sampleRate`, for a voice that follows it;
    /// nil for a varispeed voice, which no voice follows.
    func filePosition(atLocalFrame localFrame: Int64, sampleRate: Int) -> Double? {
        let played = Double(max(localFrame - readerStart, 0))
        switch reading {
        case .direct: return Double(fileStart) + played
        case .resampled(let inputRate): return Double(fileStart) + played * Double(inputRate) / Double(sampleRate)
        case .varispeed: return nil
        }
    }

    /// Owning thread: the display path's gain at the end of `period`.
    func postDisplayGain(_ gain: (left: Double, right: Double), forPeriod period: Int64) {
        let slot = slots[Int(period % Int64(Self.slotCount))]
        slot.period.store(-1, ordering: .relaxed)
        slot.left.store(gain.left.bitPattern, ordering: .relaxed)
        slot.right.store(gain.right.bitPattern, ordering: .relaxed)
        slot.period.store(period, ordering: .releasing)
    }

    /// Render thread: the gain posted for `period`, if any.
    func displayGain(forPeriod period: Int64) -> (left: Double, right: Double)? {
        let slot = slots[Int(period % Int64(Self.slotCount))]
        guard slot.period.load(ordering: .acquiring) == period else { return nil }
        return (Double(bitPattern: slot.left.load(ordering: .relaxed)),
                Double(bitPattern: slot.right.load(ordering: .relaxed)))
    }
}

/// The plan the render thread follows from `effectiveFrame` on: which
/// voices play, with which gain chains, the pause fade the mix is
/// multiplied by, and the frame from which the mix is silent
/// (``AudioEngine/endTime``; `Int64.max` for none). Immutable.
final class MixPlan: Sendable {
    struct Entry: Sendable {
        let voice: Voice
        let chain: GainChain
        let position: MediaPosition
        /// How fast a varispeed voice reads its file.
        let rate: RateChain
        /// The layer's and its ancestors' filters, with their memory; nil
        /// when there are none.
        let filters: (chain: FilterChain, memory: FilterMemory)?
    }

    let effectiveFrame: Int64
    let entries: [Entry]
    let fade: OutputFade
    let end: Int64

    init(effectiveFrame: Int64, entries: [Entry], fade: OutputFade, end: Int64) {
        self.effectiveFrame = effectiveFrame
        self.entries = entries
        self.fade = fade
        self.end = end
    }
}
