import Foundation
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

/// `Crossfade A B -o OUT`: the first file is a constant 0.5 on the left
/// channel only, the second a constant 0.25 on the right only, so the
/// rendered left channel divided by 0.5 is the outgoing gain at each frame
/// and the right channel divided by 0.25 the incoming one. Both are
/// checked against the equal-power law computed here — gA = cos(πp/2),
/// gB = sin(πp/2), p = (t − T)/D clamped to 0…1, t = n/fs — to 1e-6,
/// rendered to a file and played on the test configuration's real-time
/// fake device.
@Suite("Crossfade sample")
struct CrossfadeTests {
    let program: SampleProgram
    let scratch: ScratchDirectory
    let sampleRate = 48_000
    let firstFrames = 96_000
    let secondFrames = 72_000

    init() throws {
        program = try SampleProgram("Crossfade")
        scratch = try ScratchDirectory()
        try ConstantSignal.write(to: scratch.path("a.wav"), levels: [0.5, 0], frames: firstFrames, sampleRate: sampleRate)
        try ConstantSignal.write(to: scratch.path("b.wav"), levels: [0, 0.25], frames: secondFrames, sampleRate: sampleRate)
    }

    @Test("renders the cos/sin equal-power law at every frame, to 1e-6",
          arguments: [("1s", 1.0), ("333.3ms", 0.3333), ("2.5s", 2.5)])
    func equalPower(argument: String, duration: Double) throws {
        let out = scratch.path("mix.wav")
        let result = try program.run([scratch.path("a.wav"), scratch.path("b.wav"), "--duration", argument, "-o", out])
        #expect(result.status == 0, "\(result.standardError)")
        let (samples, channels, rate) = try ConstantSignal.read(out)
        #expect(channels == 2 && rate == sampleRate)
        #expect(samples.count == 2 * frameCount(duration: duration))
        expectEqualPower(samples.map(Double.init), duration: duration)
    }

    @Test("plays the same gains on a device as it renders to a file")
    func live() throws {
        let alsa = try ALSATestConfiguration()
        let device = ALSATestConfiguration.realtimePCM
        let result = try program.run([scratch.path("a.wav"), scratch.path("b.wav"), "--duration", "1s", "--device", device],
                                     environment: alsa.environment)
        #expect(result.status == 0, "\(result.standardError)")
        // The device takes whole periods: the mix, then silence.
        let recorded = try alsa.captured(by: device)
        let frames = frameCount(duration: 1)
        #expect(recorded.count >= 2 * frames)
        expectEqualPower(Array(recorded.prefix(2 * frames)), duration: 1)
        #expect(recorded.dropFirst(2 * frames).allSatisfy { $0 == 0 })
    }

    /// When the crossfade starts: D before the end of the first file, or
    /// at 0 if that is shorter.
    private func startTime(duration: Double) -> Double {
        max(0, Double(firstFrames) / Double(sampleRate) - duration)
    }

    /// The second file starts at the first frame at or after the start.
    private func secondStart(duration: Double) -> Int {
        Int((startTime(duration: duration) * Double(sampleRate) - 1e-9).rounded(.up))
    }

    /// The mix lasts until the later of the two files ends.
    private func frameCount(duration: Double) -> Int {
        max(firstFrames, secondStart(duration: duration) + secondFrames)
    }

    private func expectEqualPower(_ samples: [Double], duration: Double) {
        let fs = Double(sampleRate)
        let start = startTime(duration: duration), secondStart = secondStart(duration: duration)
        var worstGain = 0.0, worstPower = 0.0
        for n in 0..<min(frameCount(duration: duration), samples.count / 2) {
            let p = min(max((Double(n) / fs - start) / duration, 0), 1)
            let expectedA = n < firstFrames ? cos(Double.pi / 2 * p) : 0
            let expectedB = n >= secondStart && n < secondStart + secondFrames ? sin(Double.pi / 2 * p) : 0
            let gainA = samples[2 * n] / 0.5
            let gainB = samples[2 * n + 1] / 0.25
            worstGain = max(worstGain, abs(gainA - expectedA), abs(gainB - expectedB))
            if n >= secondStart && n < min(firstFrames, secondStart + secondFrames) {
                worstPower = max(worstPower, abs(gainA * gainA + gainB * gainB - 1))
            }
        }
        #expect(worstGain <= 1e-6, "largest gain error \(worstGain)")
        #expect(worstPower <= 2e-6, "largest departure of gA² + gB² from 1: \(worstPower)")
    }

    @Test("refuses files of different sample rates, in one line naming both")
    func differentRates() throws {
        try ConstantSignal.write(to: scratch.path("c.wav"), levels: [0.5], frames: 44_100, sampleRate: 44_100)
        let result = try program.run([scratch.path("a.wav"), scratch.path("c.wav"), "-o", scratch.path("mix.wav")])
        #expect(result.status != 0)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.standardError.contains("c.wav") && result.standardError.contains("a.wav")
            && result.standardError.contains("44100 Hz"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("mix.wav")))
    }

    @Test("leaves an existing output alone unless --overwrite")
    func existingOutput() throws {
        let out = scratch.path("mix.wav")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try program.run([scratch.path("a.wav"), scratch.path("b.wav"), "-o", out])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains(out), "\(refused.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("keep".utf8))

        let replaced = try program.run([scratch.path("a.wav"), scratch.path("b.wav"), "-o", out, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try SoundFile(path: out).frameCount == Int64(firstFrames))
    }

    @Test("names a file it cannot read")
    func missingFile() throws {
        let result = try program.run([scratch.path("nothing.wav"), scratch.path("b.wav"), "-o", scratch.path("mix.wav")])
        #expect(result.status != 0)
        #expect(result.standardError.contains("nothing.wav"), "\(result.standardError)")
    }
}
