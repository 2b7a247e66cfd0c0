import SwellAudio
import Testing

/// An engine owns its display link, and the link refers back to the engine
/// as its host; neither may keep the other alive, or every engine a
/// long-running program creates — one per `swell play` in a test process,
/// one per sample run — would leak with its buffers and layer tree.
@Suite("Engine: lifetime")
struct EngineLifetimeTests {
    @Test("an engine is released when its last user lets it go, display link and layer tree included")
    func engineIsReleased() throws {
        weak var released: AudioEngine?
        weak var releasedLink: CADisplayLink?
        do {
            let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, gainPath: .display, mode: .offline)
            let layer = AudioLayer()
            engine.rootLayer = layer
            CATransaction.flush()
            #expect(engine.displayLink.host === engine)
            released = engine
            releasedLink = engine.displayLink
        }
        #expect(released == nil)
        #expect(releasedLink == nil)
    }
}
