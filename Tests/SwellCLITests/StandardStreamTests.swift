import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `-` names the standard streams, as for SoX and FFmpeg, so that swell
/// sits in a pipeline between them and aplay (docs/cli.md#pipes). What a
/// pipeline makes is compared with what the same render makes between
/// files, both decoded by SoX or FFmpeg.
@Suite("pipes: standard input and output, raw samples, FIFOs")
struct StandardStreamTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        // A second of a 48 kHz stereo 16-bit tone, as SoX writes it without
        // dither (-D), so that it makes the same samples every time.
        try Subprocess.run("sox", ["-D", "-n", "-r", "48000", "-c", "2", "-b", "16", workspace.path("in.wav"),
                                   "synth", "1", "sine", "440", "vol", "0.5"]).requireSuccess()
    }

    /// Runs a pipeline with bash's `pipefail`, in the workspace, with
    /// `$SWELL` naming swell: any command that fails fails it.
    private func pipeline(_ script: String) throws -> Subprocess.Result {
        try Subprocess.run("bash", ["-o", "pipefail", "-c", script],
                           environment: ["SWELL": try SwellProcess.executable().path], directory: workspace.directory)
    }

    /// The 16-bit words SoX decodes from `name` (`sox NAME -t s16 -`).
    private func words(_ name: String, type: [String] = []) throws -> Data {
        try Subprocess.run("sox", ["-V1"] + type + [workspace.path(name), "-t", "s16", "-"]).requireSuccess().outputData
    }

    @Test("render - reads standard input: the same file as rendering the input by name")
    func readsStandardInput() throws {
        try pipeline("\"$SWELL\" render - -o piped.wav --fade-in 0.5 < in.wav").requireSuccess()
        try pipeline("\"$SWELL\" render in.wav -o named.wav --fade-in 0.5").requireSuccess()
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("piped.wav")))
                == (try Data(contentsOf: URL(fileURLWithPath: workspace.path("named.wav")))))
    }

    @Test("sox | swell render - -o - -t TYPE | sox: the samples of the same render between files", arguments: [
        ("wav", ["-t", "wav"]), ("au", ["-t", "au"]), ("flac", ["-t", "flac"]),
        ("raw", ["-t", "raw", "-r", "48000", "-c", "2", "-e", "signed-integer", "-b", "16"]),
    ])
    func pipelineThroughSoX(type: String, soxType: [String]) throws {
        let read = soxType.joined(separator: " ")
        try pipeline("""
            sox -V1 in.wav -t wav - | "$SWELL" render - -o - -t \(type) --encoding pcm16 --fade-in 0.5 \
            | sox -V1 \(read) - piped.wav
            """).requireSuccess()
        try pipeline("\"$SWELL\" render in.wav -o named.wav --encoding pcm16 --fade-in 0.5").requireSuccess()
        let named = try words("named.wav")
        #expect(named.count == 4 * 48_000)
        #expect(try words("piped.wav") == named)
    }

    @Test("ffmpeg -f s16le reads raw output; swell reads ffmpeg's raw output with --input-type raw:48000:2:s16le")
    func rawSamplesWithFFmpeg() throws {
        try pipeline("\"$SWELL\" render in.wav -o named.wav --encoding pcm16 --fade-in 0.5").requireSuccess()
        let named = try words("named.wav")
        let out = try pipeline("""
            "$SWELL" render in.wav -o - -t raw --encoding pcm16 --fade-in 0.5 \
            | ffmpeg -v error -f s16le -ar 48000 -ac 2 -i - -f s16le -
            """).requireSuccess()
        #expect(out.outputData == named)
        try pipeline("""
            ffmpeg -v error -i in.wav -f s16le - \
            | "$SWELL" render - --input-type raw:48000:2:s16le -o fromraw.wav --encoding pcm16 --fade-in 0.5
            """).requireSuccess()
        #expect(try words("fromraw.wav") == named)
    }

    @Test("aplay plays the WAV that render writes to a pipe: the samples of the render to a file")
    func aplayReadsTheStream() throws {
        let alsa = try ALSATestConfiguration()
        try pipeline("\"$SWELL\" render in.wav -o named.wav --encoding float --fade-in 0.5").requireSuccess()
        let result = try Subprocess.run(
            "bash", ["-o", "pipefail", "-c",
                     "\"$SWELL\" render in.wav -o - --encoding float --fade-in 0.5 | aplay -q -D \(ALSATestConfiguration.capturePCM) -"],
            environment: alsa.environment.merging(["SWELL": try SwellProcess.executable().path]) { $1 },
            directory: workspace.directory)
        try result.requireSuccess()
        let played = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        let rendered = try WAVFile(contentsOf: URL(fileURLWithPath: workspace.path("named.wav"))).samples
        #expect(played.count >= rendered.count)
        // The capture PCM converts float to S32 by truncation (ALSATestConfiguration).
        let deviation = Deviation(Array(played.prefix(rendered.count)), rendered)
        #expect(deviation.error < 1e-9, "\(deviation)")
        #expect(played.dropFirst(rendered.count).allSatisfy { $0 == 0 })
    }

    @Test("ogg, opus and mp3 go down a pipe whole: FFmpeg decodes a second from each", arguments: ["ogg", "opus", "mp3"])
    func lossyStreams(type: String) throws {
        let decoded = try pipeline("\"$SWELL\" render in.wav -o - -t \(type) | ffmpeg -v error -i - -f f32le -ac 1 -")
            .requireSuccess().outputData
        // MP3 adds up to three frames of 1,152 of encoder delay and padding.
        #expect(abs(decoded.count / 4 - 48_000) < 3 * 1_152, "\(decoded.count / 4) frames")
    }

    /// SoX synthesising a WAV to a pipe writes its placeholder length
    /// (0x7FFFF000), the header of in.wav's samples.
    private static let unknownLength = "sox -V1 -D -n -r 48000 -c 2 -b 16 -t wav - synth 1 sine 440 vol 0.5"

    @Test("a stream whose header does not say its length (SoX's placeholder) renders to its end, not 2 GiB")
    func unknownLengthRendersToTheEnd() throws {
        try pipeline("\(Self.unknownLength) | \"$SWELL\" render - -o out.wav --encoding pcm16").requireSuccess()
        #expect(try words("out.wav") == (try words("in.wav")))
        let fadeOut = try pipeline("\(Self.unknownLength) | \"$SWELL\" render - -o faded.wav --fade-out 0.5")
        fadeOut.expectFailure(.badInput, naming: ["--fade-out", "--duration"])
        // swell stops reading after half a second, and SoX meets a closed pipe.
        try pipeline("\(Self.unknownLength) | \"$SWELL\" render - -o cut.wav --fade-out 0.25 --duration 0.5; exit ${PIPESTATUS[1]}")
            .requireSuccess()
        #expect(try words("cut.wav").count == 4 * 24_000)
    }

    @Test("play - plays a stream of unknown length to its end")
    func playsAStream() throws {
        let alsa = try ALSATestConfiguration()
        let result = try Subprocess.run(
            "bash", ["-o", "pipefail", "-c",
                     "\(Self.unknownLength) | \"$SWELL\" play - --device \(ALSATestConfiguration.capturePCM)"],
            environment: alsa.environment.merging(["SWELL": try SwellProcess.executable().path]) { $1 },
            directory: workspace.directory)
        try result.requireSuccess()
        let played = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        let input = try words("in.wav").withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Double($0) / 32768 }
        #expect(played.count >= input.count)
        let deviation = Deviation(Array(played.prefix(input.count)), input)
        #expect(deviation.error == 0, "\(deviation)")
        #expect(played.dropFirst(input.count).allSatisfy { $0 == 0 })
    }

    @Test("a FIFO given with --overwrite is written as a stream: SoX reads it as it reads a file")
    func rendersIntoAFIFO() throws {
        #expect(mkfifo(workspace.path("fifo.wav"), 0o600) == 0)
        let reader = try Subprocess.launch(try Subprocess.locate("sox"), ["-V1", "fifo.wav", "copy.wav"],
                                           directory: workspace.directory)
        try pipeline("\"$SWELL\" render in.wav -o fifo.wav --overwrite --encoding pcm16 --fade-in 0.5").requireSuccess()
        try reader.wait(timeout: 30).requireSuccess()
        try pipeline("\"$SWELL\" render in.wav -o named.wav --encoding pcm16 --fade-in 0.5").requireSuccess()
        #expect(try words("copy.wav") == (try words("named.wav")))
    }

    @Test("bad types are one line and exit 2, with nothing on standard output", arguments: [
        (["render", "in.wav", "-o", "-", "-t", "xyz"], ["xyz", "raw"]),
        (["render", "in.wav", "-o", "-", "-t", "aiff"], ["AIFF", "stream"]),
        (["render", "-", "--input-type", "raw:48000", "-o", "out.wav"], ["raw:RATE:CHANNELS:ENCODING"]),
        (["render", "-", "--input-type", "raw:48000:9:s16le", "-o", "out.wav"], ["channel count"]),
        (["render", "-", "--input-type", "raw:48000:2:s17le", "-o", "out.wav"], ["s17le", "s16le"]),
        (["play", "-", "--input-type", "raw:0:2:s16le"], ["sample rate"]),
    ])
    func badTypes(arguments: [String], subjects: [String]) throws {
        try SwellProcess.run(arguments, directory: workspace.directory).expectFailure(.badInput, naming: subjects)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("out.wav")))
    }
}
