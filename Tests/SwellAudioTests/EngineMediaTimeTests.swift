import Foundation
import SwellAudio
import Testing

/// An audio layer plays its source at its local time
/// (docs/audio.md#time-drives-the-media), on both gain paths: at mix frame
/// n, source frame `round(t_local·fs)` with
/// `t_local = (n/fs − beginTime)·speed + timeOffset` through every layer
/// from the root down, and silence before the source's first frame.
///
/// The source is a "clock" held in memory — frame k is k·2⁻²⁰, exact in a
/// `Float` — so each rendered sample says which source frame was played.
@Suite("Engine: a layer's time is its source's position")
struct EngineMediaTimeTests {
    static let sampleRate = 48_000
    static let step = 0x1p-20

    /// Renders `frames` frames of a 9600-frame clock source in an audio
    /// layer under a bus, after `setUp`, and returns the source frame each
    /// mix frame played (nil for silence).
    private func played(gainPath: GainPath = .sample, frames: Int,
                        setUp: (AudioEngine, _ bus: BusLayer, _ music: AudioLayer) -> Void) throws -> [Int?] {
        let engine = AudioEngine(sampleRate: Self.sampleRate, channelCount: 1, gainPath: gainPath, mode: .offline)
        let clock = (0..<9_600).map { Float(Double($0) * Self.step) }
        let music = AudioLayer(soundSource: MemorySource(samples: clock, sampleRate: Self.sampleRate))
        let bus = BusLayer()
        bus.addSublayer(music)
        setUp(engine, bus, music)
        CATransaction.flush()
        engine.rootLayer = bus
        return try engine.renderOffline(frames: frames).map { $0 == 0 ? nil : Int((Double($0) / Self.step).rounded()) }
    }

    /// The first mix frame that plays something else than `expected`;
    /// source frame 0 is a zero sample, so it matches silence.
    private func mismatch(_ played: [Int?], _ expected: (Int) -> Int?) -> Int? {
        played.indices.first { n in played[n] != expected(n) && !(played[n] == nil && expected(n) == 0) }
    }

    @Test("beginTime on an ancestor and timeOffset on the layer place the source", arguments: [GainPath.sample, .display])
    func placement(gainPath: GainPath) throws {
        // t_local = (t − 0.01) + 0.002: silence for 384 frames, then the source.
        let played = try played(gainPath: gainPath, frames: 4_800) { _, bus, music in
            bus.beginTime = 0.01
            music.timeOffset = 0.002
        }
        #expect(mismatch(played) { $0 < 384 ? nil : $0 - 384 } == nil)
    }

    @Test("pause() holds the source, resume() carries on from the frame it held")
    func pauseAndResume() throws {
        let played = try played(frames: 4_800) { engine, bus, _ in
            engine.schedule(at: 0.02) { bus.pause() }
            engine.schedule(at: 0.05) { bus.resume() }
        }
        // Paused at frame 960 until frame 2400; then source frame n − 1440.
        #expect(mismatch(played) { $0 < 960 ? $0 : $0 < 2_400 ? nil : $0 - 1_440 } == nil)
    }

    @Test("the source ends with silence; a seek back plays it again")
    func endAndSeekBack() throws {
        let played = try played(frames: 12_000) { engine, _, music in
            engine.schedule(at: 0.225) {
                CATransaction.setDisableActions(true)
                music.timeOffset = -0.225
            }
        }
        // Frames 0 … 9599, silence to 10800, then frames 0 … 1199 again.
        #expect(mismatch(played) { $0 < 9_600 ? $0 : $0 < 10_800 ? nil : $0 - 10_800 } == nil)
    }
}
