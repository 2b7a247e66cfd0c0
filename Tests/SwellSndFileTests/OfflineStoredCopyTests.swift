import Foundation
import SwellSndFile
import TestSupport
import Testing

/// The offline renderer copies the stretches where the output is one file
/// at exactly unity gain as the file stores them, when the output stores
/// samples the same way (same word size and byte order), and renders
/// everything else. Either way the output must be what the gain makes of
/// the input: the input's own words where the gain is 1, the input times
/// the animated gain elsewhere, and silence after the input ends.
///
/// Inputs are white noise made by SoX; both files are read back by SoX as
/// 32-bit floats, which holds 16- and 24-bit words exactly, and the expected
/// gain comes from the animation's definition.
@Suite("Engine: offline copies of unity-gain stretches")
struct OfflineStoredCopyTests {
    static let sampleRate = 48_000
    /// 3 s of input, rendered for 3.25 s.
    static let inputFrames = 144_000
    static let renderFrames = 156_000
    /// A keyframed dip from 1 to 0.25 and back, linear, over 1.0…1.5 s.
    static let dip = (start: 1.0, duration: 0.5)

    static func dipGain(atFrame n: Int) -> Double {
        let u = (Double(n) / Double(sampleRate) - dip.start) / dip.duration
        guard u > 0 && u < 1 else { return 1 }
        return u <= 0.5 ? 1 - 0.75 * (u / 0.5) : 0.25 + 0.75 * ((u - 0.5) / 0.5)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let bits: Int
        let output: String
        /// Whether the two files store samples alike.
        let copies: Bool
        var testDescription: String { "\(bits)-bit \(input) to \(output)" }
    }

    static let cases: [Case] = [
        Case(input: "wav", bits: 16, output: "wav", copies: true),
        Case(input: "wav", bits: 24, output: "w64", copies: true),
        Case(input: "aiff", bits: 16, output: "aiff", copies: true),
        Case(input: "aiff", bits: 24, output: "caf", copies: true),
        Case(input: "aiff", bits: 16, output: "wav", copies: false),
        Case(input: "wav", bits: 24, output: "aiff", copies: false),
        Case(input: "flac", bits: 16, output: "wav", copies: false),
    ]

    /// Renders the input — `inputChannels` of white noise, playing from 0
    /// with `volume` and `pan` — into `outputChannels`, whose encoding is
    /// the input's word size, after `setUp`; returns the frames copied and
    /// both files' samples.
    private func render(
        _ testCase: Case, inputChannels: Int = 2, outputChannels: Int = 2, volume: Double = 1, pan: Double = 0,
        setUp: (AudioEngine, AudioLayer) -> Void = { _, _ in }
    ) throws -> (copied: Int64, input: [Float], output: [Float]) {
        let directory = try SoundFileFixtures.Directory()
        let input = directory.file("in.\(testCase.input)"), output = directory.file("out.\(testCase.output)")
        try Subprocess.run("sox", ["-D", "-n", "-r", "\(Self.sampleRate)", "-c", "\(inputChannels)",
                                    "-b", "\(testCase.bits)", input, "synth", "3", "whitenoise"]).requireSuccess()
        let engine = AudioEngine(sampleRate: Self.sampleRate, channelCount: outputChannels, gainPath: .sample,
                                 mode: .offline)
        let music = try AudioLayer(contentsOfFile: input)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        music.volume = volume
        music.pan = pan
        CATransaction.commit()
        CATransaction.flush()
        engine.rootLayer = music
        setUp(engine, music)
        let writer = try SoundFileWriter(path: output, sampleRate: Self.sampleRate, channelCount: outputChannels,
                                         encoding: testCase.bits == 16 ? .pcm16 : .pcm24)
        let copied = try OfflineRenderer.render(engine, frameCount: Int64(Self.renderFrames), to: writer)
        try writer.commit()
        return (copied, try SoundFileFixtures.soxSamples(input), try SoundFileFixtures.soxSamples(output))
    }

    /// Schedules the dip on the audio layer's volume.
    private static func addDip(_ engine: AudioEngine, _ music: AudioLayer) {
        engine.schedule(at: dip.start) {
            let dip = CAKeyframeAnimation(keyPath: AudioKey.volume)
            dip.values = [1.0, 0.25, 1.0]
            dip.duration = Self.dip.duration
            music.add(dip, forKey: "dip")
        }
    }

    @Test("the input's words where the gain is 1, the dip within a word, silence after the end", arguments: cases)
    func copiesWhereTheyMay(_ testCase: Case) throws {
        let (copied, input, output) = try render(testCase, setUp: Self.addDip)
        #expect(input.count == 2 * Self.inputFrames)
        #expect(output.count == 2 * Self.renderFrames)
        let word = Float(1) / Float(1 << (testCase.bits - 1))
        var mismatches: [String] = []
        for n in 0..<Self.renderFrames {
            for c in 0..<2 {
                let got = output[2 * n + c]
                let source = n < Self.inputFrames ? input[2 * n + c] : 0
                let gain = Self.dipGain(atFrame: n)
                let expected = Float(Double(source) * gain)
                // Outside the dip the word itself; in it, the product rounded
                // to a word.
                let allowed = gain == 1 ? 0 : word / 2 + expected.ulp
                if abs(got - expected) > allowed && mismatches.count < 5 {
                    mismatches.append("frame \(n) channel \(c): \(got), expected \(expected) (gain \(gain))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        if testCase.copies {
            // Everything but the dip and the silence can be copied; the
            // renderer copies in blocks, so some frames next to the dip
            // are rendered.
            let dipFrames = Int64(Self.dip.duration * Double(Self.sampleRate))
            #expect(copied > Int64(Self.inputFrames) / 2)
            #expect(copied <= Int64(Self.inputFrames) - dipFrames)
        } else {
            #expect(copied == 0)
        }
    }

    @Test("a constant gain other than 1, a pan, or a mono file in stereo output is rendered, not copied")
    func rendersWhatIsNotACopy() throws {
        let wav16 = Self.cases[0]
        let half = try render(wav16, volume: 0.5)
        #expect(half.copied == 0)
        // k/2 of an odd word k rounds to an even word: half a word off.
        #expect(zip(half.output, half.input).allSatisfy { abs($0 - $1 * 0.5) <= 1 / 65_536 })

        // Fully left: √2 on the left, held to unity by the gain limit, and
        // silence on the right.
        let left = try render(wav16, pan: -1)
        #expect(left.copied == 0)
        #expect(stride(from: 0, to: 2 * Self.inputFrames, by: 2).allSatisfy { (i: Int) -> Bool in
            left.output[i] == left.input[i] && left.output[i + 1] == 0
        })

        let spread = try render(wav16, inputChannels: 1)
        #expect(spread.copied == 0)
        #expect((0..<Self.inputFrames).allSatisfy { (n: Int) -> Bool in
            let sample = spread.input[n]
            return spread.output[2 * n] == sample && spread.output[2 * n + 1] == sample
        })
    }

    @Test("a mono file without automation is copied whole, and silence follows it")
    func copiesAWholeFile() throws {
        let whole = try render(Self.cases[0], inputChannels: 1, outputChannels: 1)
        #expect(whole.copied == Int64(Self.inputFrames))
        #expect(Array(whole.output[..<Self.inputFrames]) == whole.input)
        #expect(whole.output[Self.inputFrames...].allSatisfy { $0 == 0 })
    }
}
