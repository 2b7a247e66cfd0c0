import Foundation
import ALSATestSupport
import TestSupport
import Testing
@testable import SwellALSA
@testable import SwellSndFile

/// ``AudioOutput/playbackTime``, the time being heard, for an owning thread
/// that draws pictures of it (the live window): on a device that keeps
/// real time it moves with the monotonic clock between the render thread's
/// writes, at the sample rate; on one that does not, it is the audio clock.
@Suite struct AudioOutputPlaybackTimeTests {
    /// An engine playing ten seconds of silence on `device`.
    private static func playback(on device: String, alsa: ALSATestConfiguration) throws -> (AudioEngine, AudioOutput) {
        let file = try alsa.constantSoundFile("silence.wav", seconds: 10, level: 0)
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, mode: .live)
        engine.rootLayer = try AudioLayer(contentsOfFile: file)
        return (engine, try AudioOutput(engine: engine, device: device, configuration: alsa.load()))
    }

    /// Services the engine every millisecond for `seconds` of wall time,
    /// reading the playback time between two readings of the audio clock
    /// (the render thread may write between them), and the wall clock.
    private static func sample(_ engine: AudioEngine, _ output: AudioOutput, for seconds: Double) throws
        -> [(playback: Double, clockBefore: Double, clockAfter: Double, wall: Double)] {
        var samples: [(Double, Double, Double, Double)] = []
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            engine.service(through: output.serviceHorizon)
            try output.checkFailure()
            let before = engine.audioClock.currentTime
            let playback = output.playbackTime
            let after = engine.audioClock.currentTime
            samples.append((playback, before, after, Date().timeIntervalSince(start)))
            usleep(1_000)
        }
        return samples
    }

    @Test("on a device faster than real time it is the audio clock: frames heard / rate")
    func fasterThanRealTime() throws {
        let alsa = try ALSATestConfiguration()
        let (engine, output) = try Self.playback(on: ALSATestConfiguration.capturePCM, alsa: alsa)
        try output.start()
        let samples = try Self.sample(engine, output, for: 0.3)
        try output.stop(drain: false)
        // Past the first eight periods, which find the device's pace, and
        // where no write came between the readings.
        let late = samples.filter { $0.clockBefore > Double(16 * 256) / 48_000 && $0.clockBefore == $0.clockAfter }
        #expect(!late.isEmpty)
        #expect(late.allSatisfy { $0.playback == $0.clockBefore })
    }

    @Test("on a real-time device it moves between writes, at the sample rate")
    func realTime() throws {
        let alsa = try ALSATestConfiguration()
        let (engine, output) = try Self.playback(on: ALSATestConfiguration.realtimePCM, alsa: alsa)
        try output.start()
        let samples = try Self.sample(engine, output, for: 1.2).filter { $0.wall > 0.2 }
        try output.stop(drain: false)
        try #require(samples.count > 100)
        // Finer than the clock, which moves a write at a time.
        let playbackSteps = Set(samples.map(\.playback)).count, clockSteps = Set(samples.map(\.clockBefore)).count
        #expect(playbackSteps >= 2 * clockSteps, "\(playbackSteps) playback times, \(clockSteps) clock times")
        // Never behind what the device said it had played.
        #expect(samples.allSatisfy { $0.playback >= $0.clockBefore })
        // At the sample rate: a second of sound a second (loosely, for a
        // loaded machine).
        let first = samples.first!, last = samples.last!
        let rate = (last.playback - first.playback) / (last.wall - first.wall)
        #expect(rate > 0.8 && rate < 1.2, "\(rate) s heard per second")
    }
}
