import SwellAudio
import Testing

/// Stream time is exact (docs/audio.md#time-is-exact): an event at time T
/// first affects frame ceil(T·fs − 1e-9), computed from T without summing.
@Suite("Engine: time")
struct EngineTimeTests {
    @Test("an event's first frame is ceil(T·fs − 1e-9)", arguments: [
        (0.0, 0), (1.0, 48_000), (0.5 / 48_000, 1), (1.0 / 3, 16_000), (2.0 + 1e-15, 96_000),
    ] as [(Double, Int64)])
    func firstFrame(time: Double, frame: Int64) {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, mode: .offline)
        #expect(engine.firstFrame(atTime: time) == frame)
    }

    @Test("an event later than any frame saturates instead of trapping, and never runs")
    func lateEvent() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 1, mode: .offline)
        #expect(engine.firstFrame(atTime: 1e15) == .max)
        #expect(engine.firstFrame(atTime: -1e15) == .min)
        let layer = BusLayer()
        engine.rootLayer = layer
        var ran = false
        engine.schedule(at: 1e15) { ran = true }
        _ = try engine.renderOffline(frames: 4_800)
        #expect(!ran)
        #expect(engine.renderedFrames == 4_800)
    }
}
