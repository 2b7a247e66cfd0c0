import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// Input whose data ends before its header's length, or that fails to
/// decode mid-file (docs/cli.md#damaged-input): decoded up to there — what
/// SoX decodes from it — then one line saying where, and exit status 2.
@Suite("damaged input: decoded up to where the data ends, said once, exit 2")
struct DamagedInputTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Ten seconds of a 48 kHz stereo 16-bit tone made by SoX, cut by
    /// `head -c` to `fraction` of its bytes, in the workspace as `name`.
    private func cut(_ name: String, fraction: Double = 0.5, seconds: Int = 10) throws {
        let whole = workspace.path("whole-" + name)
        try Subprocess.run("sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", whole,
                                   "synth", "\(seconds)", "sine", "440", "vol", "0.5"]).requireSuccess()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        try Subprocess.run("sh", ["-c", "head -c \(Int(Double(size) * fraction)) \"$0\" > \"$1\"", whole, workspace.path(name)])
            .requireSuccess()
        try FileManager.default.removeItem(atPath: whole)
    }

    /// The 16-bit words SoX decodes from `name` in the workspace, and its
    /// complaint, if any; SoX exits 0 for a WAV cut short and 2 for a FLAC.
    private func soxWords(_ name: String) throws -> [Int16] {
        let result = try Subprocess.run("sox", ["-V1", workspace.path(name), "-t", "s16", "-"])
        return result.outputData.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map(Int16.init(littleEndian:))
    }

    /// `m:ss.s`, a time as the progress line writes it: seconds rounded to
    /// a tenth (docs/cli.md#progress-line).
    private static func clock(frames: Int, rate: Int = 48_000) -> String {
        let tenths = Int((Double(frames) / Double(rate) * 10).rounded())
        return "\(tenths / 600):" + String(format: "%04.1f", Double(tenths % 600) / 10)
    }

    @Test("a WAV, AIFF or AU cut in half renders what is there, as SoX decodes it, and says so: 0:05.0 of 0:10.0",
          arguments: ["cut.wav", "cut.aiff", "cut.au"])
    func uncompressedCutShort(name: String) throws {
        try cut(name)
        let reference = try soxWords(name)
        #expect(abs(reference.count - 480_000) < 100, "SoX decodes half of 960,000 samples: \(reference.count)")
        let result = try SwellProcess.run(["render", name, "-o", "out.wav", "--encoding", "pcm16"],
                                          directory: workspace.directory)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError == "swell: '\(name)': premature end of data at 0:05.0 of 0:10.0\n")
        #expect(result.standardOutput.isEmpty)
        // The output is complete and holds every word decoded, and no more.
        #expect(try soxWords("out.wav") == reference)
    }

    @Test("a FLAC cut in half opens, renders the frames SoX decodes before losing sync, and says where")
    func flacCutShort() throws {
        try cut("cut.flac")
        let reference = try soxWords("cut.flac")
        #expect((200_000...480_000).contains(reference.count), "SoX decodes some of 960,000 samples: \(reference.count)")
        let result = try SwellProcess.run(["render", "cut.flac", "-o", "out.wav", "--encoding", "pcm16"],
                                          directory: workspace.directory)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError == "swell: 'cut.flac': premature end of data at "
                + Self.clock(frames: reference.count / 2) + " of 0:10.0 (flac decoder lost sync)\n")
        #expect(try soxWords("out.wav") == reference)
    }

    @Test("play plays what a cut WAV holds, then stops with the same line and exit 2")
    func playCutShort() throws {
        let alsa = try ALSATestConfiguration()
        try cut("cut.wav", seconds: 2)
        let reference = try soxWords("cut.wav")
        let result = try SwellProcess.run(["play", "cut.wav", "--device", ALSATestConfiguration.capturePCM],
                                          environment: alsa.environment, directory: workspace.directory)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError == "swell: 'cut.wav': premature end of data at 0:01.0 of 0:02.0\n")
        // The capture PCM records S32: a 16-bit word k arrives as k · 2^16.
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= reference.count, "\(captured.count) samples played")
        let played = Array(captured.prefix(reference.count))
        #expect(played == reference.map { Double($0) / 32768 }, "\(Deviation(played, reference.map { Double($0) / 32768 }))")
        #expect(captured.dropFirst(reference.count).allSatisfy { $0 == 0 })
    }

    @Test("a fade-out planned past the end of the data is not reached; the fade-in is")
    func automationKeepsTheDeclaredLength() throws {
        try cut("cut.wav", seconds: 2)
        let reference = try soxWords("cut.wav")
        let result = try SwellProcess.run(["render", "cut.wav", "-o", "out.wav", "--encoding", "float",
                                           "--fade-in", "0.5", "--fade-out", "0.5"], directory: workspace.directory)
        #expect(result.status == 2, "\(result)")
        let rendered = try WAVFile(contentsOf: URL(fileURLWithPath: workspace.path("out.wav")))
        #expect(rendered.samples.count == reference.count)
        // Frame n of the 24,000-frame linear fade-in has gain n / 24,000;
        // past it, and up to the cut at about 1 s, the gain is 1.
        let gains = zip(rendered.samples, reference).enumerated().compactMap { index, pair -> (Int, Double)? in
            abs(pair.1) > 1000 ? (index / 2, pair.0 / (Double(pair.1) / 32768)) : nil
        }
        #expect(gains.allSatisfy { frame, gain in abs(gain - min(Double(frame) / 24_000, 1)) < 1e-6 })
    }

    @Test("files saved from a pipe, whose headers hold FFmpeg's or SoX's placeholder length, render whole with no word",
          arguments: [["sox", "-n", "-r", "8000", "-c", "1", "-b", "16", "-t", "wav", "-", "synth", "1", "sine", "440"],
                      ["sox", "-n", "-r", "8000", "-c", "1", "-b", "16", "-t", "au", "-", "synth", "1", "sine", "440"],
                      ["sox", "-n", "-r", "8000", "-c", "1", "-b", "16", "-t", "aiff", "-", "synth", "1", "sine", "440"],
                      ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=d=1:r=8000", "-f", "wav", "-"]])
    func placeholderLengths(command: [String]) throws {
        let name = "piped." + (command.contains("au") ? "au" : command.contains("aiff") ? "aiff" : "wav")
        try Subprocess.run("sh", ["-c", "\"$@\" | cat > " + name, "sh"] + command, directory: workspace.directory)
            .requireSuccess()
        let reference = try soxWords(name)
        #expect(reference.count == 8_000)
        let result = try SwellProcess.run(["render", name, "-o", "out.wav", "--encoding", "pcm16"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty)
        #expect(try soxWords("out.wav") == reference)
    }

    @Test("a FLAC whose STREAMINFO declares 2^32 frames in a few hundred bytes ends where its data does, not hours later")
    func overstatedFLACHeader() throws {
        try Subprocess.run("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", workspace.path("short.flac"),
                                   "synth", "0.1", "sine", "440"]).requireSuccess()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path("short.flac"))))
        // STREAMINFO's data starts at byte 8, and its 36-bit total sample
        // count is the low nibble of byte 21 and bytes 22 to 25 (the FLAC
        // format, METADATA_BLOCK_STREAMINFO): 2^32 is a nibble of 1.
        bytes[21] = (bytes[21] & 0xF0) | 0x01
        bytes.replaceSubrange(22..<26, with: [0, 0, 0, 0] as [UInt8])
        try Data(bytes).write(to: URL(fileURLWithPath: workspace.path("long.flac")))
        let reference = try soxWords("short.flac")
        let result = try SwellProcess.run(["render", "long.flac", "-o", "out.wav", "--encoding", "pcm16"],
                                          directory: workspace.directory, timeout: 30)
        #expect(result.status == 2, "\(result)")
        #expect(result.errorLines.count == 1 && result.standardError.hasPrefix("swell: 'long.flac': premature end of data at 0:00.1 of "),
                "\(result)")
        #expect(try soxWords("out.wav") == reference)
    }
}
