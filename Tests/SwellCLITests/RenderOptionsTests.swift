import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell render`'s level, ear-safety and encoding options (docs/cli.md#level,
/// docs/audio.md#ear-safety, docs/cli.md#render).
@Suite("render: level, boost and encodings")
struct RenderOptionsTests {
    static let sampleRate = 48_000

    @Test("--volume LEVEL scales the fade: frame n of the fade-in gets LEVEL·F(n/N)",
          arguments: [("0.5", 0.5), ("25%", 0.25), ("-6dB", pow(10, -6.0 / 20))])
    func volumeScalesFade(level: String, amplitude: Double) throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 3_000)
        let (gains, _) = try workspace.renderedGains(of: input, ["--volume", level, "--fade-in", "0.05", "--timing", "qsin"])
        let qsin = ReferenceCurve.fade("qsin")!
        let expected = (0..<3_000).map { n in amplitude * (n < 2_400 ? qsin(Double(n) / 2_400) : 1) }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= 1e-6, "\(deviation)")
    }

    @Test("gain is clamped to 0 dB, or to +24 dB with --allow-boost",
          arguments: [("6dB", false, 1.0), ("6dB", true, pow(10, 6.0 / 20)), ("40dB", true, pow(10, 24.0 / 20))])
    func earSafety(level: String, boost: Bool, gain: Double) throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 1_000)
        let (gains, _) = try workspace.renderedGains(of: input, ["--volume", level] + (boost ? ["--allow-boost"] : []))
        #expect(gains.allSatisfy { abs($0 - gain) <= 1e-6 * gain }, "expected \(gain), got \(gains.first ?? .nan)")
    }

    @Test("a level above the limit is said once, and so are the samples an integer output clipped")
    func limitedAndClipped() throws {
        let workspace = try Workspace()
        let signal = TestSignal.sines(frequencies: [997], amplitude: 0.5, sampleRate: Double(Self.sampleRate), frames: 4_800)
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: signal.map(Double.init)), to: "in.wav")
        let limited = try SwellProcess.run(["render", input, "-o", workspace.path("limited.wav"), "--volume", "12dB"])
        #expect(limited.status == 0 && limited.errorLines.count == 1, "\(limited)")
        #expect(limited.standardError.contains("+12.0 dB") && limited.standardError.contains("--allow-boost"))

        // +12 dB of a 0.5 sine: a B-bit word clips where the sample times the
        // gain, scaled by 2^(B−1) and rounded to nearest, leaves the range
        // −2^(B−1) … 2^(B−1) − 1.
        let gain = Float(pow(10, 12.0 / 20))
        for (encoding, bits) in [("pcm16", 16), ("pcm24", 24)] {
            let scale = Double(1 << (bits - 1))
            let expected = signal.filter { sample in
                let word = (Double(sample * gain) * scale).rounded(.toNearestOrEven)
                return word > scale - 1 || word < -scale
            }.count
            #expect(expected > 0)
            let clipped = try SwellProcess.run(["render", input, "-o", workspace.path("clipped.wav"), "-y", "--volume",
                                                "12dB", "--allow-boost", "--encoding", encoding])
            #expect(clipped.status == 0 && clipped.errorLines.count == 1, "\(clipped)")
            #expect(clipped.standardError.contains("\(expected) samples clipped"), "\(encoding): \(clipped.standardError)")
        }
        let quiet = try SwellProcess.run(["render", input, "-o", workspace.path("quiet.wav"), "--encoding", "pcm16"])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet)")
    }

    @Test("integer encodings hold the float render rounded to their step", arguments: [
        ("pcm16", WAVFile.Encoding.pcm16, 16), ("pcm24", .pcm24, 24), ("pcm32", .pcm32, 32),
    ])
    func integerEncodings(name: String, encoding: WAVFile.Encoding, bits: Int) throws {
        let workspace = try Workspace()
        let signal = TestSignal.sines(frequencies: [997], amplitude: 0.8, sampleRate: Double(Self.sampleRate), frames: 4_800)
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: signal.map(Double.init)), to: "in.wav")
        let automation = ["--fade-in", "0.05", "--fade-out", "0.03", "--timing", "hsin"]
        let (_, float) = try workspace.renderedGains(of: input, automation, output: "float.wav")
        let result = try SwellProcess.run(["render", input, "-o", workspace.path("int.wav"), "--encoding", name] + automation)
        #expect(result.status == 0, "\(result)")
        let integer = try WAVFile(contentsOf: URL(fileURLWithPath: workspace.path("int.wav")))
        #expect(integer.encoding == encoding)
        #expect(integer.frameCount == float.frameCount)
        // Within half a step of the exact value, plus the float render's own
        // rounding to Float.
        let step = pow(2, -Double(bits - 1))
        let deviation = Deviation(integer.samples, float.samples)
        #expect(deviation.error <= step / 2 + 1e-7, "\(deviation)")
    }

    /// Each empty file is read by a peer that reads its format: SoX, but for
    /// AIFF, where SoX wants a sound data chunk that the AIFF specification
    /// makes optional when there are no frames, and FFmpeg decodes it.
    @Test("an input of no frames gives a valid empty file that a peer reads as 0 samples",
          arguments: ["wav", "rf64", "w64", "aiff", "caf", "au", "ogg"])
    func emptyInput(extension pathExtension: String) throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 0)
        let output = workspace.path("empty.\(pathExtension)")
        let result = try SwellProcess.run(["render", input, "-o", output])
        #expect(result.status == 0, "\(result)")
        if pathExtension == "aiff" {
            let decoded = try Subprocess.run("ffmpeg", ["-v", "error", "-i", output, "-f", "f32le", "-"]).requireSuccess()
            #expect(decoded.outputData.isEmpty)
        } else {
            let samples = try Subprocess.run("soxi", ["-s", output]).requireSuccess().standardOutput
            #expect(samples.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        }
    }

    @Test("an input of no frames is a clear error for the codecs that cannot hold none, and leaves no file",
          arguments: [("flac", "FLAC"), ("opus", "Ogg Opus"), ("mp3", "MP3")])
    func emptyInputInACodec(extension pathExtension: String, name: String) throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 0)
        let output = workspace.path("empty.\(pathExtension)")
        try SwellProcess.run(["render", input, "-o", output]).expectFailure(.badInput, naming: [name])
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A lossy codec's quality shows in the size FFmpeg reads for the same
    /// two seconds: the higher the quality, the more bits.
    @Test("--quality: the higher, the more bits in Ogg Vorbis, Opus and MP3", arguments: ["ogg", "opus", "mp3"])
    func quality(extension pathExtension: String) throws {
        let workspace = try Workspace()
        let signal = TestSignal.sines(frequencies: [440, 3_150], amplitude: 0.4, sampleRate: Double(Self.sampleRate), frames: 96_000)
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: signal.map(Double.init)), to: "in.wav")
        let bits = try [0, 5, 10].map { quality -> Int in
            let output = workspace.path("q\(quality).\(pathExtension)")
            let result = try SwellProcess.run(["render", input, "-o", output, "--quality", "\(quality)"])
            #expect(result.status == 0, "\(result)")
            let probed = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "format=size", "-of", "csv=p=0", output])
                .requireSuccess().standardOutput
            return Int(probed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        #expect(bits[0] < bits[1] && bits[1] < bits[2], "sizes \(bits)")
    }

    @Test("--quality on a lossless output is an error naming the format, and leaves no file")
    func qualityOnLossless() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 4_800)
        let output = workspace.path("out.flac")
        try SwellProcess.run(["render", input, "-o", output, "--quality", "5"]).expectFailure(.badInput, naming: ["FLAC"])
        #expect(try workspace.entries().filter { $0.hasSuffix(".partial") || $0 == "out.flac" }.isEmpty)
    }

    /// Triangular dither makes rounding unbiased: a level of 0.3 of a step,
    /// which plain rounding turns into silence, averages 0.3 of a step, and
    /// no word is more than 1.5 steps from the level (x ± 1 of noise, then
    /// rounding). Closed-form properties of TPDF dither; SoX reads the words.
    @Test("--dither tpdf: words average the level below one step, none more than 1.5 steps off")
    func triangularDither() throws {
        let workspace = try Workspace()
        let level = 0.3
        let input = try workspace.write(
            WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float,
                    samples: Array(repeating: level / 32_768, count: 48_000)), to: "in.wav")
        func words(_ extra: [String]) throws -> [Int16] {
            let output = workspace.path("out.wav")
            let result = try SwellProcess.run(["render", input, "-o", output, "-y", "--encoding", "pcm16"] + extra)
            #expect(result.status == 0, "\(result)")
            return try SoundFileFixtures.soxWords16(output)
        }
        #expect(try words([]).allSatisfy { $0 == 0 }, "plain rounding loses the level")
        let dithered = try words(["--dither", "tpdf"])
        #expect(dithered.count == 48_000)
        let mean = Double(dithered.reduce(0) { $0 + Int($1) }) / Double(dithered.count)
        #expect(abs(mean - level) < 0.02, "mean \(mean)")
        #expect(dithered.allSatisfy { abs(Double($0) - level) <= 1.5 })
        try SwellProcess.run(["render", input, "-o", workspace.path("float.wav"), "--dither", "tpdf"])
            .expectFailure(.badInput, naming: ["dither"])
    }

    @Test("without --encoding the output keeps the input's")
    func keepsEncoding() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 1_000, encoding: .pcm24)
        let result = try SwellProcess.run(["render", input, "-o", workspace.path("out.wav"), "--fade-in", "0.01"])
        #expect(result.status == 0, "\(result)")
        #expect(try WAVFile(contentsOf: URL(fileURLWithPath: workspace.path("out.wav"))).encoding == .pcm24)
    }

    @Test("--overwrite replaces an existing output")
    func overwrite() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 1_000)
        try workspace.write("old", to: "out.wav")
        let (gains, _) = try workspace.renderedGains(of: input, ["--volume", "0.5"])
        #expect(gains.count == 1_000 && gains.allSatisfy { $0 == 0.5 })
        #expect(try workspace.entries() == ["in.wav", "out.wav"], "no temporary file left beside it")
    }
}

/// The layer tree is the mix (docs/audio.md#the-layer-tree-is-the-mix,
/// docs/audio.md#the-output-sample):
/// `out[n][c] = Σ in[n][c] · taper(v(t_n)) · ancestors(t_n) · pan_c(t_n)`.
@Suite("render: the layer tree is the mix")
struct RenderMixTests {
    @Test("two sources under a bus: tapered volumes, equal-power pan, the bus's volume")
    func mix() throws {
        let workspace = try Workspace()
        let frames = 2_000
        // The input plays in "voice" (no file); "music" plays its own file.
        let input = try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float,
                    samples: (0..<frames).flatMap { _ in [0.25, -0.5] }), to: "voice.wav")
        try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float,
                    samples: (0..<frames).flatMap { _ in [0.125, 0.375] }), to: "music.wav")
        let script = try workspace.write("""
            {"version": 1,
             "layers": [
               {"name": "bus", "type": "layer", "volume": 0.8},
               {"name": "voice", "type": "audio", "parent": "bus", "volume": 0.9, "taper": "cubic", "pan": -0.3},
               {"name": "music", "type": "audio", "parent": "bus", "file": "music.wav", "volume": 0.5, "pan": 0.6}
             ]}
            """, to: "mix.json")
        let output = workspace.path("out.wav")
        let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "float", "--allow-boost",
                                           "--script", script])
        #expect(result.status == 0, "\(result)")
        let mixed = try WAVFile(contentsOf: URL(fileURLWithPath: output))
        #expect(mixed.frameCount == frames && mixed.channelCount == 2)

        // Equal power, unity at the centre: θ = (pan + 1)·π/4, gains
        // √2·cos θ and √2·sin θ.
        func pan(_ p: Double) -> [Double] {
            let theta = (p + 1) * Double.pi / 4
            let root2 = Double(2).squareRoot()
            return [root2 * cos(theta), root2 * sin(theta)]
        }
        let voice = [0.25, -0.5], music = [0.125, 0.375]
        let voiceGain = pow(0.9, 3.0), voicePan = pan(-0.3), musicPan = pan(0.6)
        let expected: [Double] = (0..<2).map { c in
            let sum: Double = voice[c] * voiceGain * voicePan[c] + music[c] * 0.5 * musicPan[c]
            return 0.8 * sum
        }
        for c in 0..<2 {
            let deviation = Deviation(mixed.channel(c), Array(repeating: expected[c], count: frames))
            #expect(deviation.error <= 1e-6, "channel \(c): \(deviation)")
        }
    }
}

extension RenderOptionsTests {
    @Test("voices of different lengths and channel counts: each frame is the sum of the voices still playing")
    func mixOfUnequalVoices() throws {
        let workspace = try Workspace()
        // "intro" comes first in the tree but is mono and ends at frame
        // 200,000, within a block and after the renderer has gone round
        // its buffers; the input, stereo, plays in "voice" for 300,000.
        let input = try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float,
                    samples: (0..<300_000).flatMap { _ in [0.25, -0.5] }), to: "voice.wav")
        try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: 1, encoding: .float,
                    samples: Array(repeating: 0.125, count: 200_000)), to: "intro.wav")
        let script = try workspace.write("""
            {"version": 1,
             "layers": [
               {"name": "intro", "type": "audio", "file": "intro.wav", "volume": 0.5},
               {"name": "voice", "type": "audio"}
             ]}
            """, to: "mix.json")
        let output = workspace.path("out.wav")
        let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "float", "--script", script])
        #expect(result.status == 0, "\(result)")
        let mixed = try WAVFile(contentsOf: URL(fileURLWithPath: output))
        #expect(mixed.frameCount == 300_000 && mixed.channelCount == 2)
        // A mono source feeds both channels; from frame 200,000 only the
        // voice is left.
        let voice = [0.25, -0.5]
        for c in 0..<2 {
            let expected = (0..<300_000).map { n in voice[c] + (n < 200_000 ? 0.5 * 0.125 : 0) }
            let deviation = Deviation(mixed.channel(c), expected)
            #expect(deviation.error <= 1e-7, "channel \(c): \(deviation)")
        }
    }
}
