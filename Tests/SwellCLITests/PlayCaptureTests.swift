import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell play` through real alsa-lib with no sound card: the test
/// configuration's capture PCM (`plug` → S32_LE → `file` → `null`, given to
/// the child in `ALSA_CONFIG_PATH`) records every frame played, and the
/// recording is compared with the envelope computed here.
@Suite("play: what reaches ALSA")
struct PlayCaptureTests {
    static let sampleRate = 48_000
    /// A stereo input, a different constant on each channel so that a
    /// swapped or duplicated channel shows.
    static let levels = [0.5, -0.25]
    /// 0.5 s with a 0.1 s easeInEaseOut fade at each end.
    static let length = 24_000, fade = 4_800

    /// The sample-path gain of frame n, from the curve's definition.
    static let expectedGain: [Double] = {
        let curve = ReferenceCurve.bezier(0.42, 0, 0.58, 1)
        return (0..<length).map { n in
            n < fade ? curve(Double(n) / Double(fade))
                : n >= length - fade ? curve(Double(length - n) / Double(fade)) : 1
        }
    }()

    /// Plays the input on the capture PCM and returns the recording's gain
    /// per frame, one array per channel.
    private func play(gainPath: String, period: Int) throws -> [[Double]] {
        let alsa = try ALSATestConfiguration()
        let workspace = try Workspace()
        let samples = (0..<Self.length).flatMap { _ in Self.levels }
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float, samples: samples), to: "in.wav")
        let result = try SwellProcess.run(
            ["play", input, "--device", ALSATestConfiguration.capturePCM, "--gain", gainPath, "--period", "\(period)",
             "--fade-in", "100ms", "--fade-out", "100ms", "--timing", "easeInEaseOut"],
            environment: alsa.environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "nothing on stderr when it is not a terminal")
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= 2 * Self.length, "the whole file is played")
        // Anything after the file's end is silence.
        #expect(captured.dropFirst(2 * Self.length).allSatisfy { $0 == 0 })
        return (0..<2).map { channel in
            stride(from: channel, to: min(captured.count, 2 * Self.length), by: 2).map { captured[$0] / Self.levels[channel] }
        }
    }

    @Test("--gain sample: every frame has the curve's gain, to 1e-6 of full scale", arguments: [256, 1_024])
    func samplePath(period: Int) throws {
        for (channel, gains) in try play(gainPath: "sample", period: period).enumerated() {
            // Errors in gain are scaled by the channel's level to full scale.
            let deviation = Deviation(gains.map { $0 * abs(Self.levels[channel]) },
                                      Self.expectedGain.map { $0 * abs(Self.levels[channel]) })
            #expect(deviation.error <= 1e-6, "channel \(channel): \(deviation)")
        }
    }

    @Test("--gain display: within one period's slope of the curve, and never a step", arguments: [256, 1_024])
    func displayPath(period: Int) throws {
        let curve = Self.expectedGain
        // The steepest the curve gets around each frame, over the periods
        // from two before the frame's to two after it: that covers the
        // period a frame is in and the display target at its end.
        let slopes = zip(curve.dropFirst(), curve).map { abs($0 - $1) }
        let periodSlopes = stride(from: 0, to: slopes.count, by: period).map { slopes[$0..<min($0 + period, slopes.count)].max()! }
        let steepest = (0..<Self.length).map { n in
            periodSlopes[max(0, n / period - 2)...min(periodSlopes.count - 1, n / period + 2)].max()!
        }
        for (channel, gains) in try play(gainPath: "display", period: period).enumerated() {
            #expect(gains.count == Self.length)
            var farthest = (excess: 0.0, frame: 0)
            var steepestStep = (excess: 0.0, frame: 0)
            for n in gains.indices {
                let excess = abs(gains[n] - curve[n]) - Double(period) * steepest[n]
                if excess > farthest.excess { farthest = (excess, n) }
                if n > 0 {
                    let stepExcess = abs(gains[n] - gains[n - 1]) - steepest[n]
                    if stepExcess > steepestStep.excess { steepestStep = (stepExcess, n) }
                }
            }
            #expect(farthest.excess <= 1e-6,
                    "channel \(channel): frame \(farthest.frame) is \(farthest.excess) beyond one period's slope of the curve")
            #expect(steepestStep.excess <= 1e-6,
                    "channel \(channel): a step at frame \(steepestStep.frame), \(steepestStep.excess) steeper than the curve")
            // And it is a fade: silent at the start, full in the middle.
            #expect(gains[0] < 0.01)
            #expect(abs(gains[Self.length / 2] - 1) <= 1e-6)
        }
    }

    @Test("Ctrl-C fades out over 20 ms, then stops with status 130")
    func interrupt() throws {
        let alsa = try ALSATestConfiguration()
        let workspace = try Workspace()
        // 5 s on the fake device that plays in real time, so that SIGINT
        // arrives while it plays.
        let frames = 5 * Self.sampleRate
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .pcm16,
                    samples: (0..<frames).flatMap { _ in Self.levels }), to: "long.wav")
        let running = try SwellProcess.start(["play", input, "--device", ALSATestConfiguration.realtimePCM],
                                             environment: alsa.environment)
        let capture = alsa.captureFile(of: ALSATestConfiguration.realtimePCM).path
        let deadline = Date().addingTimeInterval(10)
        while ((try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0) < 4 * 48_000 * 2,
              Date() < deadline { usleep(20_000) }
        running.interrupt()
        let result = try running.wait(timeout: 10)
        result.expectFailure(.interrupted, naming: ["interrupted"])

        let gains = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
            .enumerated().filter { $0.offset % 2 == 0 }.map { $0.element / Self.levels[0] }
        let fadeStart = try #require(gains.firstIndex { abs($0 - 1) > 1e-6 }, "no fade-out before the end")
        #expect(fadeStart < frames - Self.sampleRate, "stopped early, not at the end of the file")
        // 20 ms at 48 kHz: a straight line from 1 to 0 over 960 frames, then
        // silence — no step larger than one frame of the line.
        let fadeFrames = 960
        let fadeEnd = try #require(gains[fadeStart...].firstIndex { $0 == 0 }, "the fade never reaches silence")
        #expect(abs(fadeEnd - fadeStart - fadeFrames) <= 1, "the fade lasts \(fadeEnd - fadeStart) frames")
        #expect(gains[fadeEnd...].allSatisfy { $0 == 0 })
        let largestStep = zip(gains.dropFirst(), gains).map { abs($0 - $1) }.max()!
        #expect(largestStep <= 1 / Double(fadeFrames) + 1e-6, "a step of \(largestStep)")
    }
}
