import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `--loudness`: each file's layer gets the gain that brings its EBU R128
/// integrated loudness to the target, measured here by an independent
/// meter, FFmpeg's `ebur128` filter, within ±0.3 LU (docs/loudness.md).
@Suite("--loudness: EBU R128 gains, checked by FFmpeg's ebur128")
struct LoudnessTests {
    /// FFmpeg's integrated loudness (LUFS) and true peak (dBTP) of `path`,
    /// or of `duration` seconds of it from `start`.
    static func ffmpegLoudness(_ path: String, start: Double? = nil,
                               duration: Double? = nil) throws -> (integrated: Double, truePeak: Double) {
        var filters = ["ebur128=peak=true"]
        if let start, let duration { filters.insert("atrim=start=\(start):duration=\(duration)", at: 0) }
        let result = try Subprocess.run("ffmpeg", ["-nostdin", "-hide_banner", "-i", path, "-af",
                                                   filters.joined(separator: ","), "-f", "null", "-"]).requireSuccess()
        // The summary comes last: "I: -16.0 LUFS" and "Peak: -1.2 dBFS".
        let summary = result.standardError.components(separatedBy: "Summary:").last ?? ""
        func number(after label: String) throws -> Double {
            guard let line = summary.split(separator: "\n").first(where: { $0.contains(label) }),
                  let value = line.split(separator: " ").dropFirst().first.flatMap({ Double(String($0)) }) else {
                throw TestSupportError("no \(label) in FFmpeg's summary: \(summary)")
            }
            return value
        }
        return (try number(after: "I:"), try number(after: "Peak:"))
    }

    /// Tones at `volume` for `seconds` (330 Hz, and 550 Hz in a second
    /// channel), 16-bit: a crest of 3 dB, so that no gain here meets the
    /// true-peak ceiling unless a test means it to.
    static func noise(_ name: String, volume: Double, seconds: Int = 20,
                      in workspace: Workspace, rate: Int = 48_000, channels: Int = 2) throws -> String {
        let path = workspace.path(name)
        _ = try Subprocess.run("sox", ["-R", "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", path, "synth", "\(seconds)",
                                       "sine", "330", "sine", "550", "vol", "\(volume)"]).requireSuccess()
        return path
    }

    @Test("quiet and loud files, stereo and mono, reach the target", arguments: ["-16LUFS", "-23 LUFS"])
    func reachesTarget(target: String) throws {
        let workspace = try Workspace()
        let lufs = Double(target.filter { "-0123456789.".contains($0) })!
        let files = [try Self.noise("quiet.wav", volume: 0.08, in: workspace),
                     try Self.noise("loud.wav", volume: 0.6, in: workspace),
                     try Self.noise("mono.wav", volume: 0.2, in: workspace, rate: 44_100, channels: 1)]
        for file in files {
            let output = workspace.path("out.wav")
            let result = try SwellProcess.run(["render", file, "-o", output, "--encoding", "float", "--overwrite",
                                               "--loudness", target])
            #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
            let measured = try Self.ffmpegLoudness(output)
            #expect(abs(measured.integrated - lufs) <= 0.3, "\(file): \(measured.integrated) LUFS")
        }
    }

    @Test("a gain that would lift the true peak above -1 dBTP is lowered, with one warning naming the file")
    func truePeakCeiling() throws {
        let workspace = try Workspace()
        // Quiet noise with ten clicks at 0.9: +20 dB would clip them.
        var generator = SplitMix64(seed: 7)
        var samples: [Double] = (0..<480_000).map { _ in Double.random(in: -0.01...0.01, using: &generator) }
        for k in 0..<10 { samples[k * 48_000 + 100] = 0.9 }
        let input = try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 1, encoding: .float, samples: samples),
                                        to: "peaky.wav")
        let before = try Self.ffmpegLoudness(input)
        let output = workspace.path("out.wav")
        let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "float", "--loudness", "-16LUFS"])
        #expect(result.status == 0, "\(result)")
        #expect(result.errorLines.count == 1 && result.standardError.contains("'\(input)'")
                    && result.standardError.contains("lowered by") && result.standardError.contains("-1 dBTP"), "\(result)")
        let after = try Self.ffmpegLoudness(output)
        #expect(after.truePeak <= -1 + 0.2, "true peak \(after.truePeak) dBTP")
        // The gain is what the ceiling leaves: the peak moved to -1.
        let gain = after.integrated - before.integrated
        #expect(abs(gain - (-1 - before.truePeak)) <= 0.3, "gain \(gain) dB, peak before \(before.truePeak) dBTP")
        let raised = try SwellProcess.run(["render", input, "-o", workspace.path("raised.wav"), "--encoding", "float",
                                           "--loudness", "-16LUFS", "--true-peak", "0dBTP"])
        #expect(raised.status == 0, "\(raised)")
        #expect(abs(try Self.ffmpegLoudness(workspace.path("raised.wav")).truePeak) <= 0.2, "--true-peak 0dBTP")
    }

    @Test("the gain is the layer's volume: curve shows it, and crossfaded tracks play at one loudness")
    func layerVolume() throws {
        let workspace = try Workspace()
        let quiet = try Self.noise("quiet.wav", volume: 0.08, in: workspace)
        let loud = try Self.noise("loud.wav", volume: 0.6, in: workspace)
        let measured = try Self.ffmpegLoudness(quiet).integrated
        let script = try workspace.write(#"{"version": 1, "layers": [{"name": "music", "type": "audio", "file": "quiet.wav", "volume": 0.5}]}"#,
                                         to: "music.json")
        let curve = try SwellProcess.run(["curve", "--script", script, "--loudness", "-16LUFS", "--key", "music.volume",
                                          "--duration", "0"], directory: workspace.directory)
        #expect(curve.status == 0, "\(curve)")
        let volume = try #require(Double(curve.standardOutput.split(separator: "\n")[1].split(separator: ",")[1]))
        let expected = 0.5 * pow(10, (-16 - measured) / 20)
        #expect(abs(20 * log10(volume / expected)) <= 0.3, "volume \(volume), FFmpeg's measure gives \(expected)")

        let output = workspace.path("both.wav")
        let both = try SwellProcess.run(["render", quiet, loud, "-o", output, "--crossfade", "3", "--loudness", "-16LUFS",
                                         "--encoding", "float"])
        #expect(both.status == 0, "\(both)")
        let first = try Self.ffmpegLoudness(output, start: 0, duration: 15)
        let second = try Self.ffmpegLoudness(output, start: 22, duration: 15)
        #expect(abs(first.integrated + 16) <= 0.3 && abs(second.integrated + 16) <= 0.3,
                "\(first.integrated) and \(second.integrated) LUFS either side of the crossfade")
    }

    @Test("play measures the file before it plays, and plays it at the target")
    func play() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let input = try Self.noise("quiet.wav", volume: 0.08, seconds: 10, in: workspace)
        let result = try SwellProcess.run(["play", input, "--device", ALSATestConfiguration.capturePCM, "--loudness", "-20LUFS"],
                                          environment: alsa.environment)
        #expect(result.status == 0, "\(result)")
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        let heard = try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float, samples: captured),
                                        to: "heard.wav")
        let measured = try Self.ffmpegLoudness(heard)
        #expect(abs(measured.integrated + 20) <= 0.3, "heard at \(measured.integrated) LUFS")
    }

    @Test("a pipe cannot be measured first: one line, exit 2, nothing written")
    func pipeRefused() throws {
        let workspace = try Workspace()
        let input = try Self.noise("in.wav", volume: 0.1, seconds: 1, in: workspace)
        let output = workspace.path("out.wav")
        let result = try Subprocess.run("sh", ["-c", "cat \"$1\" | \"$2\" render - -o \"$3\" --loudness -16LUFS", "sh",
                                               input, SwellProcess.executable().path, output])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.hasPrefix("swell: error: --loudness") && result.standardError.split(separator: "\n").count == 1,
                "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("bad values name the value", arguments: [
        (["--loudness", "5LUFS"], "within -70…0 LUFS"),
        (["--loudness", "-16dB"], "unknown unit"),
        (["--loudness", "-16LUFS", "--true-peak", "-1dB"], "unknown unit"),
        (["--loudness", "-16LUFS", "--true-peak", "2"], "within -70…0 dBTP"),
    ])
    func badValues(arguments: [String], reason: String) throws {
        let workspace = try Workspace()
        let input = try Self.noise("in.wav", volume: 0.1, seconds: 1, in: workspace)
        let result = try SwellProcess.run(["render", input, "-o", workspace.path("out.wav")] + arguments)
        result.expectFailure(.badInput, naming: [reason])
        #expect(!FileManager.default.fileExists(atPath: workspace.path("out.wav")))
    }
}
