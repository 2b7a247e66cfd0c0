import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell ctl pause` and `resume` on a playing session, heard on the test
/// configuration's real-time fake device, which records every frame
/// exactly (docs/audio.md#pausing-without-a-click). The input is SoX's
/// white noise; SoX reads it back as the reference, so every captured
/// frame is checked against a frame of the file times the closed form of
/// the fade: from the pause's frame F, gain 1 − k/N for N = 960 frames
/// (20 ms at 48 kHz); silence from F + N to the resume's frame R; then the
/// file from frame F + N on, at gain k/N for N frames and 1 after.
@Suite("ctl pause and resume fade over 20 ms")
struct PauseFadeTests {
    static let sampleRate = 48_000
    static let fade = 960

    @Test("pause fades out and holds the file; resume fades in where it stopped, sample for sample")
    func pauseAndResume() throws {
        let workspace = try Workspace()
        let input = workspace.path("noise.wav")
        try Sox.run(["-R", "-n", "-r", "\(Self.sampleRate)", "-c", "2", "-b", "16", input, "synth", "2", "whitenoise", "vol", "0.5"])
        let file = try Sox.samples(of: input, in: workspace)
        let session = try LiveSession(["play", input, "--device", ALSATestConfiguration.realtimePCM, "--quiet"],
                                      workspace: workspace, alsa: try ALSATestConfiguration())
        #expect(try session.ctl(["pause"]).status == 0)
        usleep(300_000)
        #expect(try session.status()["paused"] as? Bool == true)
        #expect(try session.ctl(["resume"]).status == 0)
        #expect(try session.status()["paused"] as? Bool == false)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")

        let captured = try session.alsa.captured(by: ALSATestConfiguration.realtimePCM)
        let c = stride(from: 0, to: captured.count, by: 2).map { captured[$0] }
        let s = stride(from: 0, to: file.count, by: 2).map { file[$0] }
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 + 1e-6 * abs(b) }
        let n = Self.fade
        // F: the ramp's first frame (gain 1, so the first that differs is
        // F + 1 at the latest unless the file is near 0 there).
        let differs = try #require(c.indices.first { $0 < s.count && !same(c[$0], s[$0]) }, "the capture never leaves the file")
        let ramp = { (f: Int) in (0..<n).allSatisfy { k in f + k < c.count && same(c[f + k], s[f + k] * (1 - Double(k) / Double(n))) } }
        let f = try #require((max(0, differs - 3)...differs).first(where: ramp), "no 960-frame ramp to silence from frame \(differs)")
        // R: the resume's frame, where the ramp up starts at gain 0.
        let sounding = try #require(c.indices.first { $0 > f + n && c[$0] != 0 }, "the sound never resumed")
        let r = sounding - 1
        #expect(c[(f + n)..<r].allSatisfy { $0 == 0 }, "silence while paused")
        #expect(Double(r - f - n) / Double(Self.sampleRate) > 0.2, "paused for about 300 ms: \(r - f - n) frames")
        // After R, the file from frame F + N: at k/N, then at 1.
        let held = f + n
        let rest = s.count - held
        #expect(c.count >= r + rest, "the whole file is heard: \(c.count) frames for \(r + rest)")
        let wrong = (0..<min(rest, c.count - r)).first { j in
            !same(c[r + j], s[held + j] * min(1, Double(j) / Double(n)))
        }
        #expect(wrong == nil, "frame R + \(wrong ?? -1) is not the file's frame F + N + \(wrong ?? -1)")
        #expect(c.dropFirst(r + rest).allSatisfy { $0 == 0 }, "nothing after the file")
        // The gain, where the file is loud enough to measure it, never steps
        // by more than the ramp's 1/N a frame.
        let gains = (max(0, f - n)..<min(c.count, r + 2 * n)).compactMap { i -> (Int, Double)? in
            let source = i < held ? i : i < r ? nil : held + i - r
            guard let source, abs(s[source]) > 0.05 else { return nil }
            return (i, c[i] / s[source])
        }
        let steepest = zip(gains, gains.dropFirst()).filter { $1.0 == $0.0 + 1 }.map { abs($1.1 - $0.1) }.max() ?? 0
        #expect(steepest <= 1.001 / Double(n), "a step of \(steepest) in the gain")
    }
}
