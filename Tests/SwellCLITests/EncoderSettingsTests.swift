import Foundation
import TestSupport
import Testing

/// `--bitrate` and `--compression-level` (docs/cli.md#render), checked by
/// what FFmpeg and SoX read from the files.
@Suite("encoder settings: --bitrate for Opus and MP3, --compression-level for FLAC")
struct EncoderSettingsTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Ten seconds of white noise, which an encoder cannot make cheaper
    /// than its target, at `rate` Hz, made by SoX without dither.
    private func noise(rate: Int, channels: Int) throws -> String {
        let path = workspace.path("noise-\(rate)-\(channels).wav")
        try Subprocess.run("sox", ["-D", "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", path,
                                   "synth", "10", "whitenoise", "vol", "0.5"]).requireSuccess()
        return path
    }

    /// FFprobe's bit rate of the first stream, or of the whole file.
    private func bitRate(_ path: String, of entry: String) throws -> Int {
        let result = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "\(entry)=bit_rate", "-of", "csv=p=0", path])
            .requireSuccess()
        return try #require(Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("MP3 at a --bitrate is constant, at that rate or MPEG's nearest: FFprobe reads it", arguments: [
        (48_000, "64k", 64_000), (48_000, "128", 128_000), (48_000, "320k", 320_000), (48_000, "130k", 128_000),
        (22_050, "8k", 8_000), (22_050, "160k", 160_000),
    ])
    func mp3(rate: Int, bitrate: String, expected: Int) throws {
        let output = workspace.path("out.mp3")
        let result = try SwellProcess.run(["render", try noise(rate: rate, channels: 2), "-o", output, "--bitrate", bitrate])
        #expect(result.status == 0, "\(result)")
        #expect(try bitRate(output, of: "stream") == expected)
    }

    @Test("Opus at a --bitrate: the bit rate FFprobe reads is within 5 % of it", arguments: [
        (1, "64k"), (2, "96k"), (2, "128"), (2, "192k"),
    ])
    func opus(channels: Int, bitrate: String) throws {
        let output = workspace.path("out.opus")
        let result = try SwellProcess.run(["render", try noise(rate: 48_000, channels: channels), "-o", output, "--bitrate", bitrate])
        #expect(result.status == 0, "\(result)")
        let asked = Double(bitrate.filter(\.isNumber))! * 1000
        let read = Double(try bitRate(output, of: "format"))
        #expect(abs(read / asked - 1) < 0.05, "\(read) bit/s for \(asked)")
    }

    @Test("FLAC at a --compression-level is the size SoX's -C makes at that level, with the same samples")
    func flac() throws {
        // A chord, which FLAC's predictors compress more at higher levels.
        let input = workspace.path("chord.wav")
        try Subprocess.run("sox", ["-D", "-n", "-r", "48000", "-c", "2", "-b", "16", input,
                                   "synth", "10", "sine", "220", "sine", "330", "vol", "0.3"]).requireSuccess()
        let words = try Subprocess.run("sox", [input, "-t", "s16", "-"]).requireSuccess().outputData
        var sizes: [Int] = []
        for level in [0, 5, 8] {
            let output = workspace.path("swell\(level).flac"), reference = workspace.path("sox\(level).flac")
            let result = try SwellProcess.run(["render", input, "-o", output, "--compression-level", "\(level)"])
            #expect(result.status == 0, "\(result)")
            try Subprocess.run("sox", ["-D", input, "-C", "\(level)", reference]).requireSuccess()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
            let soxSize = try #require(try FileManager.default.attributesOfItem(atPath: reference)[.size] as? Int)
            // The frames are libFLAC's at the same level; the metadata differ by a few bytes.
            #expect(abs(size - soxSize) < 200, "level \(level): \(size) bytes, SoX \(soxSize)")
            #expect(try Subprocess.run("sox", [output, "-t", "s16", "-"]).requireSuccess().outputData == words)
            sizes.append(size)
        }
        #expect(sizes[0] > sizes[2], "\(sizes)")
    }

    @Test("settings that do not apply or are out of range are one line, exit 2, and leave no file", arguments: [
        (["out.wav", "--bitrate", "128k"], ["WAV", "--bitrate"]),
        (["out.ogg", "--bitrate", "128k"], ["Ogg Vorbis", "--quality"]),
        (["out.mp3", "--bitrate", "500k"], ["500", "32…320"]),
        (["out.opus", "--bitrate", "2k"], ["2 kbit/s", "12…512"]),
        (["out.mp3", "--bitrate", "fast"], ["fast", "128k"]),
        (["out.mp3", "--bitrate", "128k", "--quality", "5"], ["--quality", "--bitrate"]),
        (["out.flac", "--compression-level", "9"], ["9", "0…8"]),
        (["out.mp3", "--compression-level", "5"], ["MP3", "FLAC"]),
    ])
    func badSettings(arguments: [String], subjects: [String]) throws {
        let input = try workspace.constantInput(sampleRate: 48_000, frames: 4_800, channels: 2)
        let before = try workspace.entries()
        try SwellProcess.run(["render", input, "-o"] + arguments, directory: workspace.directory)
            .expectFailure(.badInput, naming: subjects)
        #expect(try workspace.entries() == before)
    }
}
