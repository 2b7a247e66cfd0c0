import Foundation
import Testing
import TestSupport

/// A Lottie audio layer's sound (docs/lottie.md#sound): heard between the
/// layer's in and out points, its file from the layer's start time, its
/// level keyframes in decibels, evaluated at every sample — rendered to a
/// WAV and mixed into a video. The expected gains are worked out here from
/// the keyframes: After Effects moves a level linearly in decibels.
@Suite("render: a Lottie animation's sound")
struct LottieSoundTests {
    static let sampleRate = 48_000

    /// 30 fps, frames 0…60. The audio layer is in from frame 6 (0.2 s) to
    /// 54 (1.8 s) and starts its file at frame 3 (0.1 s); its level is 0 dB
    /// to frame 12 (0.4 s), falls linearly to −20 dB at frame 42 (1.4 s)
    /// and holds there.
    static let animation = ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 8, "h": 8,
         "assets": [{"id": "tone", "u": "", "p": "in.wav", "e": 0}],
         "layers": [
          {"ty": 6, "ind": 1, "nm": "tone", "refId": "tone", "ip": 6, "op": 54, "st": 3, "sr": 1,
           "ks": {}, "au": {"lv": {"a": 1, "k": [
             {"t": 12, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
             {"t": 42, "s": [-20, -20]}]}}},
          {"ty": 1, "ind": 2, "nm": "ground", "ip": 0, "op": 60, "st": 0, "sr": 1, "ks": {}, "sc": "#204060",
           "sw": 8, "sh": 8}]}
        """##

    /// The file: silence for its first 0.2 s, then 0.5 — so the output
    /// shows where the file starts.
    static func input() -> WAVFile {
        let frames = 2 * sampleRate, silent = sampleRate / 5
        return WAVFile(sampleRate: sampleRate, channelCount: 1, encoding: .float,
                       samples: (0..<frames).map { $0 < silent ? 0 : Workspace.level })
    }

    /// The gain heard at `t` seconds: the level's decibels as amplitude,
    /// inside the layer's window and once its file has sound.
    static func expectedGain(at t: Double) -> Double {
        let fileTime = t - 0.1
        guard t >= 0.2, t < 1.8, fileTime >= 0.2 else { return 0 }
        let decibels = t < 0.4 ? 0 : t < 1.4 ? -20 * (t - 0.4) : -20
        return pow(10, decibels / 20)
    }

    private func setUp() throws -> (Workspace, String) {
        let workspace = try Workspace()
        try workspace.write(Self.input(), to: "in.wav")
        return (workspace, try workspace.write(Self.animation, to: "anim.json"))
    }

    /// Frames whose time is within two samples of a step are left out: a
    /// step lands on the sample its time rounds to.
    private func check(_ gains: [Double], tolerance: Double) {
        let steps = [0.3, 1.8]
        var worst = (error: 0.0, frame: 0)
        var heard = 0
        for (n, gain) in gains.enumerated() {
            let t = Double(n) / Double(Self.sampleRate)
            guard !steps.contains(where: { abs($0 - t) * Double(Self.sampleRate) < 2 }) else { continue }
            let error = abs(gain - Self.expectedGain(at: t))
            if error > worst.error { worst = (error, n) }
            if gain > 0 { heard += 1 }
        }
        #expect(worst.error <= tolerance, "gain off by \(worst.error) at frame \(worst.frame)")
        // 0.3 s to 1.8 s, give or take the steps' samples.
        #expect(abs(heard - 72_000) <= 4, "\(heard) frames heard")
    }

    @Test("-o out.wav: silent outside the layer's in and out points, the file from its start time, the level in decibels, sample by sample")
    func soundFile() throws {
        let (workspace, animation) = try setUp()
        let (gains, file) = try workspace.renderedGains(of: animation, [])
        #expect(file.sampleRate == Self.sampleRate)
        check(gains, tolerance: 1e-6)
    }

    @Test("-o out.mkv: the same samples mixed into the video, FLAC beside the frames")
    func videoSound() throws {
        let (workspace, animation) = try setUp()
        let video = workspace.path("out.mkv")
        let result = try SwellProcess.run(["render", animation, "-o", video])
        #expect(result.status == 0, "\(result)")
        let probe = try VideoProbe(video)
        #expect(VideoProbe.text(probe.stream("audio"), "codec_name") == "flac")
        #expect(VideoProbe.text(probe.stream("video"), "r_frame_rate") == "30/1")
        let data = try SoundFileFixtures.ffmpeg("-i", video, "-map", "0:a:0", "-ac", "1", "-f", "s32le", "-")
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) }
        // FLAC at 24 bits: one step is 2⁻²³ of full scale.
        let gains = samples.map { Double($0) / Double(Int32.max) / Workspace.level }
        #expect(abs(gains.count - 2 * Self.sampleRate) <= 1, "\(gains.count) samples: the animation's 2 s")
        check(gains, tolerance: 1e-5)
    }
}
