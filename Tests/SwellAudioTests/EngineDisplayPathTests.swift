import Foundation
import SwellAudio
import Testing

/// The display path (docs/audio.md#two-gain-paths) of an ``AudioEngine``
/// rendered offline: the display link fires once per audio period at the
/// period's end (its `targetTimestamp`), the audio layer's gain is set to
/// the presented value for that time, and the gain stage ramps to it
/// linearly across the period. An audio layer's gain is its own volume
/// times its ancestors' (docs/audio.md#the-layer-tree-is-the-mix), so an
/// ancestor's change must reach it on this path as on the sample path,
/// although only the ancestor's own keys change.
///
/// The source is a constant 0.5 held in memory, rendered offline into
/// memory; the expected gains are computed here from the animation's
/// definition.
@Suite("Engine: display path")
struct EngineDisplayPathTests {
    static let sampleRate = 48_000
    static let level = 0.5

    /// Renders `frames` frames of a constant source playing in an audio
    /// layer under `grandparent` → `parent`, after `setUp` has scheduled its
    /// changes, and returns the gain of every frame.
    private func render(
        gainPath: GainPath, period: Int, frames: Int,
        setUp: (AudioEngine, _ grandparent: BusLayer, _ parent: BusLayer) -> Void
    ) throws -> [Double] {
        let engine = AudioEngine(sampleRate: Self.sampleRate, channelCount: 1, periodFrames: period,
                                 gainPath: gainPath, mode: .offline)
        let grandparent = BusLayer(), parent = BusLayer()
        let music = AudioLayer(soundSource: MemorySource(samples: Array(repeating: Float(Self.level), count: frames),
                                                         sampleRate: Self.sampleRate))
        grandparent.addSublayer(parent)
        parent.addSublayer(music)
        CATransaction.flush()
        engine.rootLayer = grandparent
        setUp(engine, grandparent, parent)
        return try engine.renderOffline(frames: frames).map { Double($0) / Self.level }
    }

    /// The display path's gain for frame n from the presented gain `g(t)`:
    /// in period p, the straight line from g at the period's start to g at
    /// its end, reached on the period's last frame.
    private func displayed(_ n: Int, period: Int, _ g: (Double) -> Double) -> Double {
        let p = n / period
        let start = g(Double(p * period) / Double(Self.sampleRate)), end = g(Double((p + 1) * period) / Double(Self.sampleRate))
        return start + (end - start) * Double(n - p * period + 1) / Double(period)
    }

    @Test("a fade on an ancestor reaches the audio layer, a straight ramp per period", arguments: [256, 1_000])
    func ancestorFade(period: Int) throws {
        let frames = 12_000
        let gains = try render(gainPath: .display, period: period, frames: frames) { engine, grandparent, parent in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            parent.volume = 0.5
            CATransaction.commit()
            engine.schedule(at: 0) {
                let fade = CABasicAnimation(keyPath: AudioKey.volume)
                fade.fromValue = 0.0
                fade.toValue = 1.0
                fade.duration = 0.1
                grandparent.add(fade, forKey: "fade")
            }
        }
        #expect(gains.count == frames)
        // The sample path's gain: 0.5 × the fade, which ends at 0.1 s.
        let presented = { (t: Double) in 0.5 * min(t / 0.1, 1) }
        var worst = (error: 0.0, frame: 0)
        for n in gains.indices {
            let error = abs(gains[n] - displayed(n, period: period, presented))
            if error > worst.error { worst = (error, n) }
        }
        #expect(worst.error <= 1e-6, "frame \(worst.frame) is \(worst.error) off the per-period ramp")
        #expect(abs(gains[frames - 1] - 0.5) <= 1e-6, "the fade arrives")
    }

    @Test("an ancestor's volume set without animation is reached by the end of its period, never stepped",
          arguments: [256, 1_000])
    func ancestorStep(period: Int) throws {
        let frames = 6_000
        // 0.05 s is frame 2400: inside a period for both sizes.
        let gains = try render(gainPath: .display, period: period, frames: frames) { engine, _, parent in
            engine.schedule(at: 0.05) {
                CATransaction.setDisableActions(true)
                parent.volume = 0.25
            }
        }
        let presented = { (t: Double) in t < 0.05 ? 1 : 0.25 }
        var worst = (error: 0.0, frame: 0)
        for n in gains.indices {
            let error = abs(gains[n] - displayed(n, period: period, presented))
            if error > worst.error { worst = (error, n) }
        }
        #expect(worst.error <= 1e-6, "frame \(worst.frame) is \(worst.error) off the per-period ramp")
        let largestStep = zip(gains.dropFirst(), gains).map { abs($0 - $1) }.max()!
        #expect(largestStep <= 0.75 / Double(period) + 1e-6, "a step of \(largestStep)")
        #expect(abs(gains[frames - 1] - 0.25) <= 1e-6)
    }

    @Test("a render that is not a whole number of periods renders its last, partial period", arguments: [1, 999])
    func partialLastPeriod(extra: Int) throws {
        let frames = 2 * 1_000 + extra
        let gains = try render(gainPath: .display, period: 1_000, frames: frames) { _, _, _ in }
        #expect(gains.count == frames)
        #expect(gains.allSatisfy { $0 == 1 })
    }

    @Test("on the sample path the same change is a step on its first frame, ceil(T·fs − 1e-9)")
    func samplePathStep() throws {
        let gains = try render(gainPath: .sample, period: 256, frames: 6_000) { engine, _, parent in
            engine.schedule(at: 0.05) {
                CATransaction.setDisableActions(true)
                parent.volume = 0.25
            }
        }
        let first = Int((0.05 * Double(Self.sampleRate) - 1e-9).rounded(.up))
        #expect(gains[..<first].allSatisfy { $0 == 1 })
        #expect(gains[first...].allSatisfy { $0 == 0.25 })
    }
}
