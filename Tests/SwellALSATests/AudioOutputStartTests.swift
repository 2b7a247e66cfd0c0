import ALSATestSupport
import Testing
@testable import SwellALSA
@testable import SwellSndFile

/// ``AudioOutput/start()`` returns once the device's first buffer is
/// written. That fill is rendered in one burst; a change committed during it
/// could be passed by the burst before it reached the render thread, and be
/// heard a buffer late (docs/performance.md#live-play).
@Suite struct AudioOutputStartTests {
    @Test("start() returns with the device's buffer written, on either gain path and either device",
          arguments: [GainPath.sample, .display],
          [ALSATestConfiguration.realtimePCM, ALSATestConfiguration.capturePCM])
    func startReturnsAfterTheFirstFill(path: GainPath, device: String) throws {
        let alsa = try ALSATestConfiguration()
        let file = try alsa.constantSoundFile("silence.wav", seconds: 2, level: 0)
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, gainPath: path, mode: .live)
        engine.rootLayer = try AudioLayer(contentsOfFile: file)
        let output = try AudioOutput(engine: engine, device: device, configuration: alsa.load())
        try output.start()
        let rendered = engine.renderedFrames
        try output.stop(drain: false)
        try output.checkFailure()
        // Four periods on the display path, six on the sample path.
        let buffer = output.parameters.bufferSize
        #expect(buffer == (path == .display ? 4 : 6) * engine.periodFrames)
        #expect(rendered >= Int64(buffer), "\(rendered) frames rendered of a \(buffer)-frame buffer")
    }
}
