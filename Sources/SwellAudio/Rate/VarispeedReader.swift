import CSoxr
import Foundation

/// A voice's file at a varying rate, through libsoxr's variable-rate
/// resampler (docs/rate.md): output frame k holds the file at position
/// P₀ + Σ_{j<k} ratio(j), to within a fifth of a frame.
///
/// libsoxr 0.1.3's variable-rate engine reports no usable delay
/// (`soxr_delay` is a constant 100 there), so the reader drives it as
/// measured (docs/rate.md#how-the-position-is-kept):
///
/// - Output j of the engine plays input position a + Q(j − τ), Q the
///   running sum of the ratios it was given, τ = 1.8633 outputs (its
///   output filter's group delay), a the read phase its first ratio sets.
///   The reader warms the engine up on silence (``warmUp(at:landing:zerosBeforeFile:)``),
///   lands its read position on P₀ through the audio before it, and gives
///   each new ratio first blended with the last, (1 − f)·new + f·old with
///   f = 2 − τ — a delay of the ratio schedule by f. Output t then plays
///   Q(t − 2): the caller hands the ratios two frames ahead
///   (``lookahead``).
/// - Ratios are held on a grid of 2⁻²⁸, exact in every stage of the
///   engine, the rounding carried over, so the position never drifts; and
///   a ratio whose double is a whole number is moved off it by one step of
///   the grid: the engine does not change stage on such a ratio, and
///   aliases.
/// - A moving rate is given as the mean of each 16 frames: the position
///   is exact at every 16th frame and within |ρ′|·16²/8 between.
/// - Below 1/16, the engine's slowest, the sound fades out (silent at
///   1/16, full at 1/8) and the engine is not run; the ground the file
///   covers meanwhile is made up, silently, once the rate is back. The
///   gain follows each block's mean rate, so the block that first falls
///   below 1/16 still fades from the last one's gain to 0 (at the
///   engine's slowest) rather than stepping to silence.
///
/// Real-time safe after `init`, which makes the engine, runs the warm-up
/// and reads the pre-roll on the calling thread (some 12 ms, and 1.2 MiB
/// a channel that the engine keeps).
final class VarispeedReader: @unchecked Sendable {
    /// How many frames ahead of the output the ratios are handed.
    static let lookahead: Int64 = 2
    /// The engine's range of ratios, file frames per output frame.
    static let ratios: ClosedRange<Double> = 1.0 / 16 ... 16
    private static let tau = 1.8633
    private static let blend = 2 - tau
    /// The outputs of the engine's opening, which lands its read position
    /// on a whole frame; of its settling on the sound before the first it
    /// plays; and of the largest block it renders at once.
    private static let openingFrames = 16
    private static let settle = 2048
    private static let block = 4096
    /// The large feeds of the warm-up, at the top and the bottom ratio.
    private static let topGulp = 1 << 17
    private static let bottomGulp = 1 << 13
    /// The input fed at once: as much as the outputs asked for need, from
    /// 16 to 256 frames.
    private static let feedFrames = 256
    private static let minimumFeed = 16
    private static let chunkFrames = 16
    private static let grid = 1.0 / 268_435_456

    let inner: any AudioSourceReader
    let channelCount: Int
    private let stream: soxr_t
    private let feed: UnsafeMutablePointer<Float>
    /// Zeros still to feed before the inner reader's first frame: the
    /// pre-roll before the file's start.
    private var zerosAhead = 0
    /// Whether the engine is being warmed up on silence, and the input
    /// frames fed so far.
    private var warming = false
    private var fed = 0
    /// The file frame the inner reader started at, and how many it has
    /// delivered.
    private let innerStart: Int64
    private var delivered: Int64 = 0
    private var innerEnded = false
    /// The file position the next output frame plays.
    private(set) var position: Double
    /// The ratio the engine runs at, the rounding carried, the ground owed
    /// from a stretch below the engine's slowest, and the last gain.
    private var current: Double
    private var carry = 0.0
    private var owed = 0.0
    private var gain = 1.0

    /// A reader of `source` whose first output frame plays file position
    /// `position`, where `leading` are the ratios of the output's first
    /// ``lookahead`` + 1 frames.
    init(source: any AudioSource, streaming: Bool, from position: Double, leading: [Double]) throws {
        let channels = source.format.channelCount
        let play = Self.onGrid(Self.clamped(leading[Int(Self.lookahead)]))
        // Output n ≥ 2 plays origin + Σ_{2 ≤ j < n} ratio(j): the ratios
        // are handed two frames ahead.
        let origin = position + leading.prefix(Int(Self.lookahead)).reduce(0, +)
        // The file frame fed first: the audio the engine settles on.
        let first = Int64(origin.rounded(.down)) - Int64((Double(Self.settle) * play).rounded(.up))
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), UInt(SOXR_VR))
        var runtime = soxr_runtime_spec(1)
        var error: soxr_error_t?
        guard let stream = soxr_create(Self.ratios.upperBound, 1, UInt32(channels), &error, &io, &quality, &runtime),
              error == nil else { throw SoxrError(error) }
        self.stream = stream
        channelCount = channels
        self.position = position
        current = play
        // The gain of a voice that starts slow: faded, or silent.
        gain = min(max(16 * leading[0] - 1, 0), 1)
        innerStart = max(0, first)
        feed = .allocate(capacity: Self.feedFrames * channels)
        do {
            inner = try source.makeReader(streaming: streaming, from: min(innerStart, source.format.frameCount))
        } catch {
            soxr_delete(stream)
            feed.deallocate()
            throw error
        }
        warmUp(at: play, landing: origin - Double(first), zerosBeforeFile: Int(max(0, -first)))
    }

    deinit {
        soxr_delete(stream)
        feed.deallocate()
    }

    /// Brings the engine to where its first output plays `landing` frames
    /// past the next frame fed, its read position kept all along as output
    /// t playing Q(t − 2), Q the sum of the ratios given
    /// (docs/rate.md#how-the-position-is-kept):
    ///
    /// 1. The first ratio `play`, the pre-roll that lands the read position
    ///    on a whole input frame, as the engine's first ratio sets its phase.
    /// 2. Silence through every stage of the engine, with one large feed at
    ///    the top stage and one at the bottom: its buffers grow only by
    ///    what a feed asks for, and only while their start is within their
    ///    first 32 KiB, so small feeds grow them a few bytes at a time for
    ///    seconds, on the render thread; two large feeds grow each at once
    ///    past anything playing asks for, and it never allocates again.
    /// 3. The engine's outputs at a ratio next to `play` through `landing`
    ///    frames of the file (or silence before its start), so that its
    ///    filters have settled on the sound when the first output plays.
    private func warmUp(at play: Double, landing: Double, zerosBeforeFile: Int) {
        let discarded = UnsafeMutablePointer<Float>.allocate(capacity: Self.block * channelCount)
        defer { discarded.deallocate() }
        warming = true
        soxr_set_io_ratio(stream, play, 0)
        let phase = Self.startPhase(play)
        let preroll = (Double(Self.openingFrames) * play + phase + Self.blend * play).rounded(.up)
        setRatio((preroll - phase - Self.blend * play) / Double(Self.openingFrames), frames: Self.openingFrames)
        _ = pull(into: discarded, frames: Self.openingFrames)
        // From here on output t plays input frame Q(t − 2) − preroll.
        var q = 0.0
        func run(_ frames: Int, at rate: Double) {
            var left = frames
            while left > 0 {
                let n = min(left, Self.block)
                _ = render(discarded, frames: n, at: rate)
                left -= n
            }
            q += Double(frames) * rate
        }
        func gulp(_ frames: Int) {
            let zeros = UnsafeMutablePointer<Float>.allocate(capacity: frames * channelCount)
            zeros.initialize(repeating: 0, count: frames * channelCount)
            var made = 0
            soxr_process(stream, zeros, frames, nil, discarded, 0, &made)
            zeros.deallocate()
            fed += frames
        }
        let top = Self.ratios.upperBound, bottom = Self.ratios.lowerBound
        run(Self.block, at: top)
        gulp(Self.topGulp)
        run(Int(Double(Self.topGulp) / top) + 1024, at: top)
        run(Self.block, at: bottom)
        gulp(Self.bottomGulp)
        run(Int(Double(Self.bottomGulp) / bottom) + 1024, at: bottom)
        run(Self.block, at: play)
        // The next frame fed is the file's frame `first`, input frame
        // `fed − preroll`; land the read position `landing` past it.
        let target = Double(fed) - preroll + landing
        let frames = max(1, Int(((target - q) / play).rounded()))
        warming = false
        zerosAhead = zerosBeforeFile
        run(frames, at: (target - q) / Double(frames))
    }

    /// Renders `frameCount` frames into `buffer`, frame k a further
    /// `ratios[k]` file frames on — the ratios of the frames
    /// ``lookahead`` after the ones rendered. Returns how many were
    /// rendered and whether the file has ended: its end was reached.
    func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int,
              ratios: UnsafePointer<Double>) -> (frames: Int, ended: Bool) {
        var done = 0
        while done < frameCount {
            if let end = endPosition, position >= end { return (done, true) }
            // A rate that holds goes in one run, a moving one 16 frames at
            // a time.
            var count = 1
            while count < min(Self.block, frameCount - done), ratios[done + count] == ratios[done] { count += 1 }
            if count < Self.chunkFrames { count = min(Self.chunkFrames, frameCount - done) }
            var sum = 0.0
            for k in 0..<count { sum += ratios[done + k] }
            let mean = sum / Double(count)
            let out = buffer + done * channelCount
            let target = min(max(16 * mean - 1, 0), 1)
            if mean < Self.ratios.lowerBound && gain == 0 {
                // Too slow for the engine, and faded out: silence, the
                // ground owed.
                out.update(repeating: 0, count: count * channelCount)
                owed += sum
            } else {
                // A block below the engine's slowest that is still heard —
                // the one that ends the fade, from the last block's gain
                // down to 0 — runs at the slowest: the ground it gains is
                // owed back (`owed` below 0, by at most a frame).
                let slowest = Self.ratios.lowerBound
                let repay = min(owed, slowest * Double(count))
                let rate = min(max(mean + repay / Double(count), slowest), Self.ratios.upperBound)
                let made = render(out, frames: count, at: rate)
                owed -= (rate - mean) * Double(made)
                if gain != 1 || target != 1 {
                    for k in 0..<made {
                        let g = Float(gain + (target - gain) * Double(k + 1) / Double(count))
                        for c in 0..<channelCount { out[k * channelCount + c] *= g }
                    }
                }
                if made < count {
                    // The inner reader fell behind: on from here next time.
                    for k in 0..<made { position += ratios[done + k] }
                    gain += (target - gain) * Double(made) / Double(count)
                    return (done + made, false)
                }
            }
            gain = target
            position += sum
            done += count
        }
        return (done, endPosition.map { position >= $0 } ?? false)
    }

    /// The file position at which the file ends, once known.
    private var endPosition: Double? {
        innerEnded ? Double(innerStart + delivered) : nil
    }

    /// `frames` outputs at `rate`: the first blended with the rate before,
    /// as the engine's output lags the ratio by f of a frame.
    private func render(_ out: UnsafeMutablePointer<Float>, frames: Int, at rate: Double) -> Int {
        var made = 0
        if rate != current {
            setRatio((1 - Self.blend) * rate + Self.blend * current, frames: 1)
            current = rate
            made = pull(into: out, frames: 1)
            guard made == 1 else { return made }
        }
        guard made < frames else { return made }
        setRatio(rate, frames: frames - made)
        return made + pull(into: out + made * channelCount, frames: frames - made)
    }

    /// Sets the engine's ratio for the next `frames` outputs to `ratio` on
    /// the grid, carrying the rounding, and off a ratio whose double is a
    /// whole number.
    private func setRatio(_ ratio: Double, frames: Int) {
        var q = Self.onGrid(ratio + carry / Double(frames))
        if (2 * q).truncatingRemainder(dividingBy: 1) == 0 {
            q += carry > 0 && q < Self.ratios.upperBound ? Self.grid : -Self.grid
        }
        carry += (ratio - q) * Double(frames)
        soxr_set_io_ratio(stream, q, 0)
    }

    /// Exactly `frames` outputs, feeding the engine as it needs; fewer
    /// when the inner reader has fallen behind.
    private func pull(into out: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var got = 0
        while got < frames {
            var made = 0
            soxr_process(stream, feed, 0, nil, out + got * channelCount, frames - got, &made)
            got += made
            guard got < frames else { break }
            let wanted = min(Self.feedFrames, max(Self.minimumFeed, Int(Double(frames - got) * current)))
            let filled = fill(wanted)
            guard filled > 0 else { break }
            soxr_process(stream, feed, filled, nil, out + got * channelCount, frames - got, &made)
            got += made
        }
        return got
    }

    /// Fills `feed` with the next `frames` of input: zeros while warming
    /// up, before the file's start and after its end, the inner reader's
    /// frames between. Returns how many frames; 0 when the inner reader has
    /// none yet.
    private func fill(_ frames: Int) -> Int {
        if warming {
            feed.update(repeating: 0, count: frames * channelCount)
            fed += frames
            return frames
        }
        if zerosAhead > 0 || innerEnded {
            let zeros = innerEnded ? frames : min(frames, zerosAhead)
            feed.update(repeating: 0, count: zeros * channelCount)
            if !innerEnded { zerosAhead -= zeros }
            return zeros
        }
        let (read, ended) = inner.read(into: feed, frameCount: frames)
        delivered += Int64(read)
        if ended {
            innerEnded = true
            (feed + read * channelCount).update(repeating: 0, count: (frames - read) * channelCount)
            return frames
        }
        return read
    }

    private static func clamped(_ ratio: Double) -> Double {
        min(max(ratio, ratios.lowerBound), ratios.upperBound)
    }

    private static func onGrid(_ ratio: Double) -> Double {
        (ratio / grid).rounded() * grid
    }

    /// The read phase the engine's first ratio sets (its vr32.c: the
    /// fraction of the first step, halved).
    private static func startPhase(_ ratio: Double) -> Double {
        var stages = 0
        var x = ratios.upperBound
        while x > 1 { stages += 1; x /= 2 }
        let octave = Int(log2(ratio).rounded(.down))
        let stage = octave < 0 ? -1 : min(octave, stages - 1)
        let multiplier = stage < 0 ? 2 * 4_294_967_296.0 : 4_294_967_296.0 / Double(2 << stage)
        let fraction = UInt32(truncatingIfNeeded: Int64(ratio * multiplier + 0.5)) >> 1
        return Double(fraction) / 4_294_967_296.0 * (stage < 0 ? 0.5 : Double(1 << stage))
    }
}
