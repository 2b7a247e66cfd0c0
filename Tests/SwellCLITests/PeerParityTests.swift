import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell render --fade-in D --fade-out D --timing NAME` renders the samples
/// SoX and FFmpeg render for the same fade (docs/fades.md#what-swell-does),
/// to 1e-6, run side by side on the same input.
@Suite("render: SoX and FFmpeg parity")
struct PeerParityTests {
    static let sampleRate = 44_100
    /// 0.5 s of two sines at −3 dBFS, a different frequency per channel.
    static let length = 22_050

    /// Fade lengths: one that is a whole number of frames at 44.1 kHz and
    /// two that are not (SoX and Swell round to the nearest frame).
    static let fadeLengths = ["0.1", "0.0123456", "0.23456789"]

    private func stereoInput(in workspace: Workspace) throws -> String {
        try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                    samples: TestSignal.sines(frequencies: [440, 1_013], amplitude: 0.7, sampleRate: Double(Self.sampleRate),
                                              frames: Self.length).map(Double.init)),
            to: "in.wav")
    }

    /// Renders into `swell.wav`, replacing it (`flags`: `--overwrite`, or
    /// the short forms SoX and FFmpeg users type).
    private func swellRender(_ input: String, in workspace: Workspace, fade: String, name: String,
                             flags: [String] = ["--overwrite"]) throws -> WAVFile {
        let output = workspace.path("swell.wav")
        let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "float"] + flags
                                          + ["--fade-in", fade, "--fade-out", fade, "--timing", name])
        #expect(result.status == 0, "\(result)")
        return try WAVFile(contentsOf: URL(fileURLWithPath: output))
    }

    @Test("the five SoX fade shapes match `sox -D in out fade TYPE D -0 D`, by name and by SoX's letter",
          arguments: ReferenceCurve.soxLetters.map(\.name), fadeLengths)
    func sox(name: String, fade: String) throws {
        let letter = ReferenceCurve.soxLetters.first { $0.name == name }!.letter
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let expected = workspace.path("sox.wav")
        try Subprocess.run("sox", ["-D", input, expected, "fade", letter, fade, "-0", fade]).requireSuccess()
        let peer = try WAVFile(contentsOf: URL(fileURLWithPath: expected))
        let ours = try swellRender(input, in: workspace, fade: fade, name: name)
        #expect(ours.frameCount == peer.frameCount && peer.frameCount == Self.length)
        #expect(ours.channelCount == 2)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error <= 1e-6, "fade \(letter) \(fade): \(deviation) (interleaved sample index)")
        // SoX's letter names the same shape: `--timing q` is `fade q`; `-y`
        // replaces the first render's file, as FFmpeg's does.
        let byLetter = try swellRender(input, in: workspace, fade: fade, name: letter, flags: ["-y", "-q"])
        let letterDeviation = Deviation(byLetter.samples, peer.samples)
        #expect(letterDeviation.error <= 1e-6, "--timing \(letter) \(fade): \(letterDeviation) (interleaved sample index)")
    }

    /// FFmpeg's afade curves that SoX does not have.
    static let ffmpegOnly = ReferenceCurve.fadeNames.filter { name in !ReferenceCurve.soxLetters.contains { $0.name == name } }

    @Test("FFmpeg's other afade curves match `ffmpeg -af afade=curve=NAME`",
          arguments: ffmpegOnly, ["0.1", "0.0123456"])
    func ffmpeg(name: String, fade: String) throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        // afade counts in frames with ss/ns: the fade-in over the first N
        // frames, the fade-out over the last N, N = round(D·fs) as
        // docs/fades.md#what-swell-does defines it.
        let frames = Int((Double(fade)! * Double(Self.sampleRate)).rounded())
        let expected = workspace.path("ffmpeg.wav")
        try Subprocess.run("ffmpeg", [
            "-nostdin", "-v", "error", "-i", input,
            "-af", "afade=t=in:ss=0:ns=\(frames):curve=\(name),afade=t=out:ss=\(Self.length - frames):ns=\(frames):curve=\(name)",
            "-c:a", "pcm_f32le", "-y", expected,
        ]).requireSuccess()
        let peer = try WAVFile(contentsOf: URL(fileURLWithPath: expected))
        let ours = try swellRender(input, in: workspace, fade: fade, name: name)
        #expect(ours.frameCount == peer.frameCount && peer.frameCount == Self.length)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error <= 1e-6, "curve \(name) over \(fade) s: \(deviation) (interleaved sample index)")
    }
}
