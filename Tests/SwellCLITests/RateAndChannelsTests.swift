import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `--rate HZ` and `--channels N` on `render` and `play`
/// (docs/cli.md#rate-and-channels): files at another rate go through SoX's
/// resampler, and channels map as SoX's `channels` effect maps them. The
/// references are the closed-form signal, SoX (`sox in -r R -c N out`) and
/// FFmpeg with the same resampler (`aresample=resampler=soxr`).
@Suite("render and play: --rate and --channels")
struct RateAndChannelsTests {
    /// A stereo float WAV at `sampleRate`: two sines at −6 dBFS, a different
    /// frequency per channel, so a swapped channel shows.
    private func stereoInput(in workspace: Workspace, sampleRate: Int = 44_100, frames: Int = 44_100,
                             name: String = "in.wav") throws -> String {
        try workspace.write(
            WAVFile(sampleRate: sampleRate, channelCount: 2, encoding: .float,
                    samples: TestSignal.sines(frequencies: [440, 1_013], amplitude: 0.5, sampleRate: Double(sampleRate),
                                              frames: frames).map(Double.init)),
            to: name)
    }

    /// Renders `input` to a float WAV with `arguments` and reads it back.
    private func render(_ input: String, _ arguments: [String], in workspace: Workspace,
                        output: String = "swell.wav") throws -> WAVFile {
        let path = workspace.path(output)
        let result = try SwellProcess.run(["render", input, "-o", path, "--encoding", "float"] + arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        return try WAVFile(contentsOf: URL(fileURLWithPath: path))
    }

    /// `sox INPUT -e float -b 32 OUT ARGUMENTS…`, read back.
    private func sox(_ input: String, _ arguments: [String], in workspace: Workspace) throws -> WAVFile {
        let path = workspace.path("sox.wav")
        try Subprocess.run("sox", ["-V1", input, "-e", "floating-point", "-b", "32"] + arguments + [path]).requireSuccess()
        return try WAVFile(contentsOf: URL(fileURLWithPath: path))
    }

    // MARK: Rate

    @Test("--rate 48000: a 1 kHz sine at 44.1 kHz becomes the sine at 48 kHz, round(N·48000/44100) frames long")
    func sineAtTheNewRate() throws {
        let workspace = try Workspace()
        let frames = 132_301
        let input = try workspace.write(
            WAVFile(sampleRate: 44_100, channelCount: 1, encoding: .float,
                    samples: TestSignal.sines(frequencies: [1_000], amplitude: 0.5, sampleRate: 44_100, frames: frames)
                        .map(Double.init)),
            to: "in.wav")
        let output = try render(input, ["--rate", "48000"], in: workspace)
        // 132,301 · 48,000 / 44,100 = 144,001.09…
        #expect(output.sampleRate == 48_000)
        #expect(output.frameCount == 144_001)
        // After the filter's settling at the edges, where the sine starts
        // and stops abruptly.
        var noise = 0.0
        let settled = 2_000..<(output.frameCount - 2_000)
        for m in settled {
            let error = output.samples[m] - 0.5 * sin(2 * Double.pi * 1_000 * Double(m) / 48_000)
            noise += error * error
        }
        let decibels = 10 * log10(noise / Double(settled.count))
        #expect(decibels < -120, "RMS error \(decibels) dBFS")
    }

    @Test("--rate matches `sox in.wav -r R out.wav` to 1e-3 at every sample, and its length, up and down",
          arguments: [(44_100, 48_000), (48_000, 44_100), (22_050, 96_000), (96_000, 8_000)])
    func matchesSoX(from inputRate: Int, to outputRate: Int) throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace, sampleRate: inputRate, frames: inputRate / 2 + 1)
        let ours = try render(input, ["--rate", "\(outputRate)"], in: workspace)
        let peer = try sox(input, ["-r", "\(outputRate)"], in: workspace)
        #expect(ours.sampleRate == outputRate && ours.channelCount == 2)
        #expect(ours.frameCount == peer.frameCount)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error < 1e-3, "\(deviation) (interleaved sample index)")
    }

    @Test("--rate matches FFmpeg's aresample with the same resampler (soxr, 20 bits)")
    func matchesFFmpeg() throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let ours = try render(input, ["--rate", "48000"], in: workspace)
        let path = workspace.path("ffmpeg.wav")
        try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", input, "-af",
                                      "aresample=resampler=soxr:precision=20", "-ar", "48000", "-c:a", "pcm_f32le", path])
            .requireSuccess()
        let peer = try WAVFile(contentsOf: URL(fileURLWithPath: path))
        #expect(ours.frameCount == peer.frameCount)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error < 1e-6, "\(deviation) (interleaved sample index)")
    }

    @Test("a script mixes a 44.1 kHz file into a 48 kHz input: `sox -m` of the input and the file at 48 kHz")
    func scriptMixesRates() throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace, sampleRate: 48_000, frames: 48_000, name: "a48.wav")
        let other = try workspace.write(
            WAVFile(sampleRate: 44_100, channelCount: 2, encoding: .float,
                    samples: TestSignal.sines(frequencies: [300, 2_500], amplitude: 0.25, sampleRate: 44_100, frames: 44_100)
                        .map(Double.init)),
            to: "b44.wav")
        let script = try workspace.write("""
            {"version": 1, "layers": [{"name": "main", "type": "layer"}, {"name": "b", "type": "audio", "file": "\(other)"}]}
            """, to: "mix.json")
        let ours = try render(input, ["--script", script], in: workspace)
        let converted = workspace.path("b48.wav")
        try Subprocess.run("sox", ["-V1", other, "-e", "floating-point", "-b", "32", "-r", "48000", converted]).requireSuccess()
        let mixed = workspace.path("mix.wav")
        try Subprocess.run("sox", ["-V1", "-m", "-v", "1", input, "-v", "1", converted, "-e", "floating-point", "-b", "32", mixed])
            .requireSuccess()
        let peer = try WAVFile(contentsOf: URL(fileURLWithPath: mixed))
        #expect(ours.sampleRate == 48_000)
        #expect(ours.frameCount == peer.frameCount)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error < 1e-3, "\(deviation) (interleaved sample index)")
    }

    @Test("a script's sampleRate that is not the input's: an error that says --rate, which overrides it")
    func scriptSampleRate() throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let script = try workspace.write(#"{"version": 1, "sampleRate": 48000}"#, to: "s.json")
        try SwellProcess.run(["render", input, "-o", workspace.path("out.wav"), "--script", script])
            .expectFailure(.badInput, naming: ["sampleRate", "48000", "44100", "--rate"])
        let output = try render(input, ["--script", script, "--rate", "32000"], in: workspace)
        #expect(output.sampleRate == 32_000)
    }

    // MARK: Opus

    /// The input sample rate an Ogg Opus file's identification header
    /// records (RFC 7845, §5.1: "OpusHead", then a little-endian 32-bit
    /// rate at byte 12), and the first channel's samples as FFmpeg decodes
    /// them — always at 48 kHz, as Opus decoders do.
    private func decodeOpus(_ path: String) throws -> (headerRate: Int, samples: [Float]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let magic = Array("OpusHead".utf8)
        let start = try #require((0...(bytes.count - 16)).first { Array(bytes[$0..<($0 + 8)]) == magic }, "no OpusHead")
        let rate = (12..<16).reduce(0) { $0 | Int(bytes[start + $1]) << (8 * ($1 - 12)) }
        let decoded = try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-ac", "1", "-f", "f32le", "-"])
            .requireSuccess()
        return (rate, SoundFileFixtures.floats(decoded.outputData))
    }

    @Test("a 44.1 kHz file renders to Opus at 48 kHz by itself, or at the Opus rate --rate names",
          arguments: [([String](), 48_000), (["--rate", "24000"], 24_000), (["--rate", "48000"], 48_000)])
    func opus(arguments: [String], rate: Int) throws {
        let workspace = try Workspace()
        let input = try workspace.write(
            WAVFile(sampleRate: 44_100, channelCount: 1, encoding: .pcm16,
                    samples: TestSignal.sines(frequencies: [1_000], amplitude: 0.5, sampleRate: 44_100, frames: 88_200)
                        .map(Double.init)),
            to: "in.wav")
        let output = workspace.path("out.opus")
        let result = try SwellProcess.run(["render", input, "-o", output] + arguments)
        #expect(result.status == 0, "\(result)")
        let (headerRate, samples) = try decodeOpus(output)
        #expect(headerRate == rate)
        // FFmpeg decodes Opus at 48 kHz: two seconds, give or take the codec's framing.
        #expect(abs(samples.count - 96_000) < 1_000, "\(samples.count) samples")
        // The sine survives, well above the codec's noise, in the middle.
        let middle = 24_000..<72_000
        let best = (0..<48).map { lag -> Double in
            SoundFileFixtures.signalToNoise(Array(samples[middle]), reference: middle.map {
                Float(0.5 * sin(2 * Double.pi * 1_000 * Double($0 - lag) / 48_000))
            })
        }.max()!
        #expect(best > 20, "signal-to-noise \(best) dB")
    }

    @Test("a 96 kHz file renders to MP3 at 48 kHz, a 7 kHz one at 8 kHz: the lowest MPEG rate at or above the file's, else the highest",
          arguments: [(96_000, 48_000), (7_000, 8_000), (44_100, 44_100)])
    func mp3(from inputRate: Int, to rate: Int) throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace, sampleRate: inputRate, frames: inputRate / 2)
        let output = workspace.path("out.mp3")
        let result = try SwellProcess.run(["render", input, "-o", output])
        #expect(result.status == 0, "\(result)")
        let probed = try Subprocess.run("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", "stream=sample_rate",
                                                    "-of", "csv=p=0", output]).requireSuccess().standardOutput
        #expect(Int(probed.trimmingCharacters(in: .whitespacesAndNewlines)) == rate)
    }

    @Test("--rate that Opus does not take is an error naming the rates it takes, and leaves no file")
    func opusRefusesOtherRates() throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let output = workspace.path("out.opus")
        try SwellProcess.run(["render", input, "-o", output, "--rate", "44100"])
            .expectFailure(.badInput, naming: ["out.opus", "Ogg Opus", "48000", "44100"])
        #expect(try workspace.entries() == ["in.wav"])
    }

    // MARK: Channels

    @Test("--channels N matches `sox in.wav -c N out.wav`: repeated channels up, averages down",
          arguments: [(2, 1), (2, 3), (2, 4), (1, 6), (6, 2), (3, 2), (8, 3)])
    func channelsMatchSoX(from inputChannels: Int, to outputChannels: Int) throws {
        let workspace = try Workspace()
        let frequencies = (0..<inputChannels).map { 200 + 350 * Double($0) }
        let input = try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: inputChannels, encoding: .float,
                    samples: TestSignal.sines(frequencies: frequencies, amplitude: 0.5, sampleRate: 48_000, frames: 4_800)
                        .map(Double.init)),
            to: "in.wav")
        let ours = try render(input, ["--channels", "\(outputChannels)"], in: workspace)
        let peer = try sox(input, ["-c", "\(outputChannels)"], in: workspace)
        #expect(ours.channelCount == outputChannels && peer.channelCount == outputChannels)
        #expect(ours.frameCount == peer.frameCount)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error <= 1e-6, "\(deviation) (interleaved sample index)")
    }

    @Test("--rate and --channels together match `sox in.wav -r 48000 -c 1 out.wav`")
    func rateAndChannels() throws {
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let ours = try render(input, ["--rate", "48000", "--channels", "1"], in: workspace)
        let peer = try sox(input, ["-r", "48000", "-c", "1"], in: workspace)
        #expect(ours.channelCount == 1 && ours.sampleRate == 48_000)
        #expect(ours.frameCount == peer.frameCount)
        let deviation = Deviation(ours.samples, peer.samples)
        #expect(deviation.error < 1e-3, "\(deviation)")
    }

    // MARK: Play

    @Test("play --rate 48000 --channels 1: the device records the 44.1 kHz file as SoX converts it")
    func play() throws {
        let alsa = try ALSATestConfiguration()
        let workspace = try Workspace()
        let input = try stereoInput(in: workspace)
        let result = try SwellProcess.run(["play", input, "--device", ALSATestConfiguration.capturePCM,
                                           "--rate", "48000", "--channels", "1"], environment: alsa.environment)
        #expect(result.status == 0, "\(result)")
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        let peer = try sox(input, ["-r", "48000", "-c", "1"], in: workspace)
        // The whole file, then at most a period of silence written before
        // the end was seen.
        #expect(captured.count >= peer.frameCount)
        #expect(captured.dropFirst(peer.frameCount).allSatisfy { $0 == 0 })
        let deviation = Deviation(Array(captured.prefix(peer.frameCount)), peer.samples)
        #expect(deviation.error < 1e-3, "\(deviation)")
    }
}
