import Foundation
import ALSATestSupport
import Testing
import TestSupport

/// `--start`/`--end` (docs/cli.md#trimming) against SoX's `trim`, and files
/// in sequence with `--crossfade` (docs/cli.md#files-in-sequence) against
/// the equal-power closed form.
@Suite("trimming and files in sequence")
struct SequenceAndTrimTests {
    static let sampleRate = 48_000

    /// A stereo float WAV of `frames` frames, `left` and `right` constant.
    private func constant(_ workspace: Workspace, _ name: String, frames: Int, left: Double, right: Double) throws -> String {
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                    samples: (0..<frames).flatMap { _ in [left, right] }), to: name)
    }

    @Test("--start and --end cut the input as `sox in out trim S =E` does, sample for sample",
          arguments: [("0.5", "1.5"), ("0.123457", "1.9"), ("1", "10")])
    func trim(start: String, end: String) throws {
        let workspace = try Workspace()
        let input = workspace.path("in.wav")
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "2", "-e", "floating-point", "-b", "32", input,
                                      "synth", "2", "sine", "440", "sine", "1000", "vol", "0.5")
        let output = workspace.path("out.wav"), reference = workspace.path("sox.wav")
        let result = try SwellProcess.run(["render", input, "-o", output, "--start", start, "--end", end, "-q"])
        #expect(result.status == 0, "\(result)")
        _ = try SoundFileFixtures.sox(input, reference, "trim", start, "=\(end)")
        let ours = try SoundFileFixtures.soxSamples(output), theirs = try SoundFileFixtures.soxSamples(reference)
        #expect(ours.count == theirs.count)
        #expect(SoundFileFixtures.maximumDifference(ours, theirs) == 0)
    }

    @Test("a TIME in samples: SoX's `trim 1000s =30000s`, and a fade of 2400 samples is one of 50 ms")
    func sampleCounts() throws {
        let workspace = try Workspace()
        let input = workspace.path("in.wav")
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "1", "-e", "floating-point", "-b", "32", input,
                                      "synth", "1", "sine", "440", "vol", "0.5")
        let output = workspace.path("out.wav"), reference = workspace.path("sox.wav")
        #expect(try SwellProcess.run(["render", input, "-o", output, "--start", "1000 samples", "--end", "30000samples",
                                      "-q"]).status == 0)
        _ = try SoundFileFixtures.sox(input, reference, "trim", "1000s", "=30000s")
        #expect(try SoundFileFixtures.soxSamples(output) == SoundFileFixtures.soxSamples(reference))
        let counted = workspace.path("counted.wav"), timed = workspace.path("timed.wav")
        #expect(try SwellProcess.run(["render", input, "-o", counted, "--fade-in", "2400 samples", "-q"]).status == 0)
        #expect(try SwellProcess.run(["render", input, "-o", timed, "--fade-in", "50ms", "-q"]).status == 0)
        #expect(try SoundFileFixtures.soxSamples(counted) == SoundFileFixtures.soxSamples(timed))
        // curve has no sample rate: a count is an error, not a guess.
        let curve = try SwellProcess.run(["curve", "--fade-in", "100 samples", "--duration", "1"])
        #expect(curve.status == 2 && curve.standardError.contains("a sample count needs the sample rate of a file"),
                "\(curve)")
    }

    @Test("--start past the end, --end before --start: one line, exit 2, nothing written",
          arguments: [(["--start", "3"], "--start 0:03.0 is past the end of"), (["--start", "1", "--end", "1"], "--end must be after --start")])
    func badTrim(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let input = try constant(workspace, "in.wav", frames: 96_000, left: 0.5, right: 0.5)
        let result = try SwellProcess.run(["render", input, "-o", workspace.path("out.wav")] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message) && result.standardError.split(separator: "\n").count == 1,
                "\(result.standardError)")
        #expect(try workspace.entries() == ["in.wav"])
    }

    /// Renders `a` (left only) and `b` (right only) in sequence with a
    /// 0.25 s crossfade and checks both gains against sin and cos of the
    /// same angle, frame by frame.
    @Test("--crossfade: the next file starts where the crossfade begins; gains are cos and sin of one angle")
    func crossfade() throws {
        let workspace = try Workspace()
        let a = try constant(workspace, "a.wav", frames: 48_000, left: 0.5, right: 0)
        let b = try constant(workspace, "b.wav", frames: 48_000, left: 0, right: 0.5)
        let output = workspace.path("mix.wav")
        let result = try SwellProcess.run(["render", a, b, "-o", output, "--crossfade", "0.25", "--encoding", "float", "-q"])
        #expect(result.status == 0, "\(result)")
        let mix = try WAVFile(contentsOf: URL(fileURLWithPath: output))
        // 48000 + 48000 − 12000 frames; b starts at frame 36000.
        #expect(mix.frameCount == 84_000)
        let (outgoing, incoming) = (mix.channel(0).map { $0 / 0.5 }, mix.channel(1).map { $0 / 0.5 })
        let n0 = 36_000, fade = 12_000
        // docs/cli.md#fades: a fade-in's frame n gets F(n/N); a fade-out's
        // frame L − k gets F(k/N); F(x) = sin(πx/2).
        let F = { (x: Double) in sin(Double.pi / 2 * x) }
        let expectedOut = (0..<84_000).map { n in n < n0 ? 1 : n < 48_000 ? F(Double(48_000 - n) / Double(fade)) : 0 }
        let expectedIn = (0..<84_000).map { n in n < n0 ? 0 : n < n0 + fade ? F(Double(n - n0) / Double(fade)) : 1 }
        #expect(Deviation(outgoing, expectedOut).error <= 1e-6, "\(Deviation(outgoing, expectedOut))")
        #expect(Deviation(incoming, expectedIn).error <= 1e-6, "\(Deviation(incoming, expectedIn))")
        // Equal power through the crossfade.
        let power = (n0..<n0 + fade).map { outgoing[$0] * outgoing[$0] + incoming[$0] * incoming[$0] }
        #expect(power.allSatisfy { abs($0 - 1) < 1e-5 })
    }

    @Test("several inputs without --crossfade join gaplessly, as `sox a.wav b.wav out.wav` concatenates")
    func concatenation() throws {
        let workspace = try Workspace()
        let a = workspace.path("a.wav"), b = workspace.path("b.wav")
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "1", "-b", "16", a, "synth", "0.7", "sine", "300", "vol", "0.5")
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "1", "-b", "16", b, "synth", "1.3", "square", "200", "vol", "0.25")
        let output = workspace.path("ab.wav"), reference = workspace.path("sox.wav")
        #expect(try SwellProcess.run(["render", a, b, "-o", output, "-q"]).status == 0)
        _ = try SoundFileFixtures.sox(a, b, reference)
        #expect(try SoundFileFixtures.soxWords16(output) == SoundFileFixtures.soxWords16(reference))
    }

    @Test("play --crossfade sends ALSA the frames render writes")
    func playMatchesRender() throws {
        let alsa = try ALSATestConfiguration()
        let workspace = try Workspace()
        let a = try constant(workspace, "a.wav", frames: 9_600, left: 0.5, right: 0)
        let b = try constant(workspace, "b.wav", frames: 9_600, left: 0, right: 0.5)
        let arguments = [a, b, "--crossfade", "0.1", "--start", "0.01", "--fade-in", "0.05"]
        let output = workspace.path("mix.wav")
        #expect(try SwellProcess.run(["render"] + arguments + ["-o", output, "--encoding", "float", "-q"]).status == 0)
        let played = try SwellProcess.run(["play"] + arguments + ["--device", ALSATestConfiguration.capturePCM],
                                          environment: alsa.environment)
        #expect(played.status == 0, "\(played)")
        let rendered = try WAVFile(contentsOf: URL(fileURLWithPath: output)).samples
        let captured = Array(try alsa.captured(by: ALSATestConfiguration.capturePCM).prefix(rendered.count))
        #expect(rendered.count == 2 * (2 * 9_120 - 4_800))
        // S32 capture of float samples: equal to 2⁻³¹.
        #expect(Deviation(captured, rendered).error <= 1e-9, "\(Deviation(captured, rendered))")
    }
}
