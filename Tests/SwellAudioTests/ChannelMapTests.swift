import SwellAudio
import Testing

/// How a source's channels reach an output with another count
/// (docs/audio.md#the-output-sample): the rule of SoX's `channels` effect
/// (remix.c, `channels_start`), written out here from its definition.
@Suite("Engine: source channels into output channels")
struct ChannelMapTests {
    static let sampleRate = 48_000
    static let frames = 1_000

    /// A source whose channel `s` at frame `n` holds `(s + 1)/16 + n/2^20`:
    /// every channel and frame tells where it came from.
    static func sample(channel s: Int, frame n: Int) -> Float {
        Float(s + 1) / 16 + Float(n) / 1_048_576
    }

    static func source(channels: Int) -> MemorySource {
        let samples = (0..<frames).flatMap { n in (0..<channels).map { sample(channel: $0, frame: n) } }
        return MemorySource(samples: samples, channelCount: channels, sampleRate: sampleRate)
    }

    /// SoX's rule: with fewer source channels, output `c` is source channel
    /// `c mod M`; with more, the mean of source channels `c, c + N, …`.
    static func expected(sourceChannels m: Int, outputChannels count: Int, channel c: Int, frame n: Int) -> Double {
        guard m > count else { return Double(sample(channel: c % m, frame: n)) }
        let inputs = Array(stride(from: c, to: m, by: count))
        return inputs.map { Double(sample(channel: $0, frame: n)) }.reduce(0, +) / Double(inputs.count)
    }

    /// Renders the sources, each in an audio layer at unity gain, into
    /// `outputChannels` channels.
    static func render(_ sources: [MemorySource], outputChannels: Int) throws -> [Float] {
        let engine = AudioEngine(sampleRate: sampleRate, channelCount: outputChannels, mode: .offline)
        let bus = BusLayer()
        let layers = sources.map { AudioLayer(soundSource: $0) }
        for layer in layers { bus.addSublayer(layer) }
        CATransaction.flush()
        engine.rootLayer = bus
        return try engine.renderOffline(frames: frames)
    }

    @Test("every source count into every output count, 1 to 8", arguments: 1...8)
    func oneSource(sourceChannels: Int) throws {
        for outputs in 1...8 {
            let out = try Self.render([Self.source(channels: sourceChannels)], outputChannels: outputs)
            var worst = 0.0
            for n in 0..<Self.frames {
                for c in 0..<outputs {
                    let expected = Self.expected(sourceChannels: sourceChannels, outputChannels: outputs, channel: c, frame: n)
                    worst = max(worst, abs(Double(out[n * outputs + c]) - expected))
                }
            }
            #expect(worst <= 1e-6, "\(sourceChannels) into \(outputs): off by \(worst)")
        }
    }

    @Test("sources of different counts add up: mono, stereo and six channels into four")
    func mixedSources() throws {
        let counts = [1, 2, 6]
        let out = try Self.render(counts.map { Self.source(channels: $0) }, outputChannels: 4)
        var worst = 0.0
        for n in 0..<Self.frames {
            for c in 0..<4 {
                let expected = counts.map { Self.expected(sourceChannels: $0, outputChannels: 4, channel: c, frame: n) }.reduce(0, +)
                worst = max(worst, abs(Double(out[n * 4 + c]) - expected))
            }
        }
        #expect(worst <= 1e-6, "off by \(worst)")
    }
}
