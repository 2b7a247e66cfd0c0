import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `"duck"`: music under a voice. The voice is 1 s of a constant 0.3 after
/// 2 s of silence, the music a constant 0.5, so the mix is 0.5·g(t) + the
/// voice, where g is the duck's closed form from its parameters: 1, then
/// straight down to 10^(by/20) over the attack before the first word, held
/// until `hold` after the last, straight up over the release
/// (docs/ducking.md).
@Suite("duck: music under a voice")
struct DuckTests {
    static let sampleRate = 48_000

    /// g(t) for speech over [2, 3) s.
    static func gain(_ t: Double, by: Double, attack: Double, hold: Double, release: Double) -> Double {
        let ducked = pow(10, by / 20)
        let (down, up) = (2.0, 3.0 + hold)
        switch t {
        case ..<(down - attack): return 1
        case ..<down: return 1 + (ducked - 1) * (t - (down - attack)) / attack
        case ..<up: return ducked
        case ..<(up + release): return ducked + (1 - ducked) * (t - up) / release
        default: return 1
        }
    }

    func workspaceWithFiles() throws -> Workspace {
        let workspace = try Workspace()
        let frames = 5 * Self.sampleRate
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float,
                                    samples: Array(repeating: 0.5, count: frames)), to: "music.wav")
        let voice = (0..<frames).map { $0 >= 2 * Self.sampleRate && $0 < 3 * Self.sampleRate ? 0.3 : 0.0 }
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: voice),
                            to: "voice.wav")
        return workspace
    }

    @Test("the mix is the music at the duck's closed form plus the voice; ducked by 12 dB, no step")
    func render() throws {
        let workspace = try workspaceWithFiles()
        let script = try workspace.write("""
            {"version": 1, "layers": [
              {"name": "music", "type": "audio", "file": "music.wav",
               "duck": {"under": "voice", "by": "-12dB", "threshold": "-35dB", "attack": 0.05, "hold": 0.2, "release": 0.5}},
              {"name": "voice", "type": "audio", "file": "voice.wav"}]}
            """, to: "mix.json")
        let output = workspace.path("mix.wav")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--encoding", "float"])
        #expect(result.status == 0, "\(result)")
        let mix = try WAVFile(contentsOf: URL(fileURLWithPath: output)).channel(0)
        #expect(mix.count == 5 * Self.sampleRate)
        let gains = mix.enumerated().map { n, sample in
            (sample - (n >= 2 * Self.sampleRate && n < 3 * Self.sampleRate ? 0.3 : 0)) / 0.5
        }
        let expected = gains.indices.map {
            Self.gain(Double($0) / Double(Self.sampleRate), by: -12, attack: 0.05, hold: 0.2, release: 0.5)
        }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= 1e-6, "\(deviation)")
        let ducked = gains[Int(2.5 * Double(Self.sampleRate))]
        #expect(abs(20 * log10(ducked) + 12) <= 0.1, "ducked by \(20 * log10(ducked)) dB")
        #expect(gains[Self.sampleRate] == 1 && gains.last == 1, "0 dB unducked")
        let steepest = zip(gains, gains.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(steepest <= (1 - pow(10, -12.0 / 20)) / (0.05 * Double(Self.sampleRate)) * 1.001, "no step: \(steepest)")
    }

    @Test("one line mixes music under a narration: --duck-under, with the defaults")
    func oneLiner() throws {
        let workspace = try workspaceWithFiles()
        let result = try SwellProcess.run(["render", "music.wav", "--duck-under", "voice.wav", "-o", "mix.wav", "--encoding", "float"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let mix = try WAVFile(contentsOf: URL(fileURLWithPath: workspace.path("mix.wav"))).channel(0)
        let expected = mix.indices.map { n in
            0.5 * Self.gain(Double(n) / Double(Self.sampleRate), by: -12, attack: 0.05, hold: 0.2, release: 0.5)
                + (n >= 2 * Self.sampleRate && n < 3 * Self.sampleRate ? 0.3 : 0)
        }
        let deviation = Deviation(mix, expected)
        #expect(deviation.error <= 1e-6, "\(deviation)")
    }

    @Test("play ducks live as render does: the duck is computed before the first frame is heard")
    func play() throws {
        let workspace = try workspaceWithFiles()
        let alsa = try ALSATestConfiguration()
        let result = try SwellProcess.run(["play", "music.wav", "--duck-under", "voice.wav", "--device",
                                           ALSATestConfiguration.capturePCM], environment: alsa.environment,
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        // Mono files play mono; the device may record silence after them.
        let heard = Array(try alsa.captured(by: ALSATestConfiguration.capturePCM).prefix(5 * Self.sampleRate))
        #expect(heard.count == 5 * Self.sampleRate)
        let expected = heard.indices.map { n in
            0.5 * Self.gain(Double(n) / Double(Self.sampleRate), by: -12, attack: 0.05, hold: 0.2, release: 0.5)
                + (n >= 2 * Self.sampleRate && n < 3 * Self.sampleRate ? 0.3 : 0)
        }
        let deviation = Deviation(heard, expected)
        #expect(deviation.error <= 1e-6, "\(deviation)")
    }

    @Test("curve shows the duck on the layer music-duck, beside the music's own volume, which its set still ramps")
    func curve() throws {
        let workspace = try workspaceWithFiles()
        let script = try workspace.write("""
            {"version": 1, "layers": [
              {"name": "music", "type": "audio", "file": "music.wav", "duck": {"under": "voice", "by": "-6dB", "attack": 0.1}},
              {"name": "voice", "type": "audio", "file": "voice.wav"}],
             "events": [{"at": 0, "layer": "music", "set": {"volume": 0.5}, "duration": 4}]}
            """, to: "mix.json")
        let result = try SwellProcess.run(["curve", "--script", script, "--key", "music-duck.volume", "--key", "music.volume",
                                           "--rate", "100", "--duration", "5"])
        #expect(result.status == 0, "\(result)")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        for row in rows {
            let expected = Self.gain(row[0], by: -6, attack: 0.1, hold: 0.2, release: 0.5)
            #expect(abs(row[1] - expected) <= 1e-8, "at \(row[0]) s: \(row[1]) vs \(expected)")
            #expect(abs(row[2] - (row[0] < 4 ? 1 - 0.5 * row[0] / 4 : 0.5)) <= 1e-8, "music.volume at \(row[0]) s: \(row[2])")
        }
    }

    @Test("a duck under a missing layer, or one that plays nothing, is an error at its place")
    func badDuck() throws {
        let workspace = try workspaceWithFiles()
        for (layers, subject) in [
            (#"{"name": "music", "type": "audio", "file": "music.wav", "duck": {"under": "vioce"}}, {"name": "voice", "type": "audio", "file": "voice.wav"}"#,
             "mix.json:1:101: unknown layer \"vioce\" to duck under; did you mean \"voice\"?"),
            (#"{"name": "music", "type": "audio", "file": "music.wav", "duck": {"under": "bus"}}, {"name": "bus", "type": "layer"}"#,
             "mix.json:1:101: layer \"bus\" plays no file to duck under"),
            (#"{"name": "music", "type": "audio", "file": "music.wav", "duck": {"under": "voice", "by": "+3dB"}}, {"name": "voice", "type": "audio", "file": "voice.wav"}"#,
             "\"by\" must be below 0 dB"),
        ] {
            try workspace.write(#"{"version": 1, "layers": [\#(layers)]}"#, to: "mix.json")
            let result = try SwellProcess.run(["render", "--script", "mix.json", "-o", "out.wav"], directory: workspace.directory)
            result.expectFailure(.badInput, naming: [subject])
            #expect(!FileManager.default.fileExists(atPath: workspace.path("out.wav")))
        }
    }
}
