import Foundation
import ALSATestSupport
import TestSupport
import Testing
@testable import SwellALSA
@testable import SwellSndFile

/// An ``AudioOutput`` on a device that takes audio faster than real time
/// (the test capture PCM, a `file` plugin) keeps its render thread within a
/// few periods of the owning thread, and hears from the first frame what
/// was set up before it started — however late the owning thread runs.
@Suite struct AudioOutputPacingTests {
    /// A hosted tree playing two seconds of a constant 0.5, and its output.
    private struct Playback {
        let alsa: ALSATestConfiguration
        let engine: AudioEngine
        let music: AudioLayer

        init() throws {
            alsa = try ALSATestConfiguration()
            let file = try alsa.constantSoundFile("constant.wav", seconds: 2, level: 0.5)
            music = try AudioLayer(contentsOfFile: file)
            engine = AudioEngine(sampleRate: 48_000, channelCount: 2, mode: .live)
            engine.rootLayer = music
        }

        func output() throws -> AudioOutput {
            try AudioOutput(engine: engine, device: ALSATestConfiguration.capturePCM, configuration: alsa.load())
        }
    }

    @Test("while the owning thread sleeps, the render thread stops four periods past the eight that found the pace")
    func renderThreadWaitsForTheOwningThread() throws {
        let playback = try Playback()
        let output = try playback.output()
        try output.start()
        Thread.sleep(forTimeInterval: 0.5)
        // Eight periods tell the render thread that the device keeps no
        // real time; then it may lead the frames the owning thread last
        // displayed by four periods. Those are the display link's during
        // start(), which a loaded machine may run more often.
        let displayed = playback.engine.core.displayedFrames.load(ordering: .acquiring)
        let bound = max(8 * 256, displayed + 4 * 256)
        #expect(playback.engine.renderedFrames <= bound, "displayed \(displayed)")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(playback.engine.renderedFrames <= bound, "the render thread ran on while the owning thread slept")
        try output.run { playback.engine.sourcesHaveEnded }
        try output.stop(drain: true)
        #expect(try playback.alsa.captured(by: ALSATestConfiguration.capturePCM).count >= 2 * 48_000 * 2)
    }

    @Test("an implicit transaction left open before start is heard from frame 0")
    func implicitTransactionBeforeStartIsHeardFromTheFirstFrame() throws {
        let playback = try Playback()
        // No begin/commit: the implicit transaction, which Core Animation
        // commits before the next frame is drawn.
        let quieter = CABasicAnimation(keyPath: AudioKey.volume)
        quieter.fromValue = 0.5; quieter.toValue = 0.5; quieter.duration = 10
        playback.music.add(quieter, forKey: "quieter")
        let output = try playback.output()
        try output.start()
        Thread.sleep(forTimeInterval: 0.3)
        try output.run { playback.engine.sourcesHaveEnded }
        try output.stop(drain: true)
        let captured = try playback.alsa.captured(by: ALSATestConfiguration.capturePCM)
        for n in [0, 255, 256, 12 * 256, 48_000] {
            #expect(captured[2 * n] == 0.25, "frame \(n)")
        }
    }
}
