import Foundation
import SwellSndFile
import TestSupport
import Testing

/// `ResampledSource`: a file at another rate, through libsoxr. The
/// references are the closed-form signal at the new rate, SoX's own `rate`
/// effect, and the length SoX's `rate` writes, computed here in integers.
@Suite struct ResampledSourceTests {
    typealias Fixtures = SoundFileFixtures

    /// Writes `samples` (interleaved) as a float WAV at `sampleRate`, through
    /// SoX from raw floats — not through the code under test.
    static func makeFile(_ samples: [Float], channelCount: Int, sampleRate: Int,
                         in directory: Fixtures.Directory, name: String = "in.wav") throws -> String {
        let raw = directory.file(name + ".raw")
        try Fixtures.writeRawFloat(samples, to: raw)
        let path = directory.file(name)
        try Fixtures.sox("-t", "raw", "-r", "\(sampleRate)", "-e", "float", "-b", "32", "-c", "\(channelCount)", raw,
                         "-e", "float", "-b", "32", path)
        return path
    }

    /// Reads `reader` to its end in blocks of `block` frames, as the render
    /// thread would: a short read that is not the end (a streaming decoder
    /// that fell behind) is retried after a yield.
    static func readAll(_ reader: any AudioSourceReader, block: Int = 1000) -> [Float] {
        var samples: [Float] = []
        var buffer = [Float](repeating: .nan, count: block * reader.channelCount)
        while true {
            let (frames, ended) = buffer.withUnsafeMutableBufferPointer { reader.read(into: $0.baseAddress!, frameCount: block) }
            samples += buffer[..<(frames * reader.channelCount)]
            if ended { return samples }
            if frames == 0 { sched_yield() }
        }
    }

    /// `round(frames·out/in)`, halves up, in integers.
    static func soxLength(_ frames: Int, from input: Int, to output: Int) -> Int {
        (2 * frames * output + input) / (2 * input)
    }

    /// The root mean square of `a − b`, in dB of full scale.
    static func rmsErrorDecibels(_ a: ArraySlice<Float>, _ b: ArraySlice<Double>) -> Double {
        let power = zip(a, b).reduce(0.0) { $0 + (Double($1.0) - $1.1) * (Double($1.0) - $1.1) } / Double(a.count)
        return 10 * log10(power)
    }

    @Test("a 1 kHz sine at 44.1 kHz, read at 48 kHz, is the sine at 48 kHz: below -120 dBFS RMS away after the edges",
          arguments: [false, true])
    func sineMatchesItsClosedForm(streaming: Bool) throws {
        let directory = try Fixtures.Directory()
        let frames = 88_201
        let path = try Self.makeFile(TestSignal.sines(frequencies: [1000], amplitude: 0.5, sampleRate: 44_100, frames: frames),
                                     channelCount: 1, sampleRate: 44_100, in: directory)
        let source = try ResampledSource(SoundFileSource(path: path), sampleRate: 48_000)
        let length = Self.soxLength(frames, from: 44_100, to: 48_000)
        #expect(source.format.sampleRate == 48_000)
        #expect(source.format.frameCount == Int64(length))
        let output = Self.readAll(try source.makeReader(streaming: streaming, from: 0))
        #expect(output.count == length)
        let expected = (0..<length).map { 0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48_000) }
        // The filter settles within a few hundred frames of either edge,
        // where the signal starts and stops abruptly.
        let settled = 2_000..<(length - 2_000)
        let error = Self.rmsErrorDecibels(output[settled], expected[settled])
        #expect(error < -120, "RMS error \(error) dBFS")
    }

    @Test("the length is round(N·out/in), halves up, as SoX's rate writes, for short and odd lengths both ways",
          arguments: [(1, 44_100, 48_000), (7, 44_100, 48_000), (1_000, 44_100, 48_000), (44_101, 44_100, 48_000),
                      (80, 48_000, 44_100), (240, 48_000, 44_100), (1_001, 48_000, 8_000), (3, 8_000, 96_000)])
    func exactLength(frames: Int, from input: Int, to output: Int) throws {
        let directory = try Fixtures.Directory()
        let path = try Self.makeFile(TestSignal.ramp(from: -0.5, to: 0.5, count: 2 * frames), channelCount: 2,
                                     sampleRate: input, in: directory)
        let source = try ResampledSource(SoundFileSource(path: path), sampleRate: output)
        let length = Self.soxLength(frames, from: input, to: output)
        #expect(source.format.frameCount == Int64(length))
        for streaming in [false, true] {
            for block in [1, 64, 4096] {
                let samples = Self.readAll(try source.makeReader(streaming: streaming, from: 0), block: block)
                #expect(samples.count == 2 * length, "streaming: \(streaming), blocks of \(block)")
            }
        }
    }

    @Test("stereo 44.1 kHz to 48 kHz is SoX's `rate` (the default, -h) to 1e-3 at every sample")
    func matchesSoX() throws {
        let directory = try Fixtures.Directory()
        let frames = 44_100
        var generator = SplitMix64(seed: 11)
        // Two tones and some noise, a different signal on each channel.
        let samples = TestSignal.sines(frequencies: [440, 5_000], amplitude: 0.4, sampleRate: 44_100, frames: frames)
            .map { $0 + Float.random(in: -0.1...0.1, using: &generator) }
        let path = try Self.makeFile(samples, channelCount: 2, sampleRate: 44_100, in: directory)
        let reference = directory.file("sox.wav")
        try Fixtures.sox(path, "-e", "float", "-b", "32", reference, "rate", "48000")
        let expected = try Fixtures.soxSamples(reference)

        let output = Self.readAll(try ResampledSource(SoundFileSource(path: path), sampleRate: 48_000).makeReader(streaming: false, from: 0))
        #expect(output.count == expected.count)
        let difference = Fixtures.maximumDifference(output, expected)
        #expect(difference < 1e-3, "peak difference \(difference)")
    }

    @Test("a reader from frame F plays the stream from F: where F·in/out is whole, the same frames once the filter has settled",
          arguments: [false, true])
    func startsPartWay(streaming: Bool) throws {
        let directory = try Fixtures.Directory()
        let path = try Self.makeFile(TestSignal.sines(frequencies: [300, 700], amplitude: 0.5, sampleRate: 22_050, frames: 30_000),
                                     channelCount: 2, sampleRate: 22_050, in: directory)
        let source = try ResampledSource(SoundFileSource(path: path), sampleRate: 48_000)
        let whole = Self.readAll(try source.makeReader(streaming: streaming, from: 0))
        // 48000/22050 = 320/147: output frame 6400 is input frame 2940 exactly.
        let first = 6_400
        let part = Self.readAll(try source.makeReader(streaming: streaming, from: Int64(first)))
        #expect(abs(part.count / 2 - (whole.count / 2 - first)) <= 1)
        // The new stream has no history before its first input frame: past
        // the filter's length, the two agree.
        let settled = 2 * 1_000
        let difference = zip(part.dropFirst(settled), whole.dropFirst(2 * first + settled)).map { abs($0 - $1) }.max() ?? 1
        #expect(difference < 1e-5, "largest difference \(difference)")
    }

    @Test("a file that fails mid-decode ends the resampled stream, and the reader reports the file's error")
    func failureIsForwarded() throws {
        let directory = try Fixtures.Directory()
        let whole = directory.file("whole.flac")
        try Fixtures.sox("-n", "-r", "44100", "-c", "2", "-b", "16", whole, "synth", "4", "sine", "440", "vol", "0.5")
        var flac = try Data(contentsOf: URL(fileURLWithPath: whole))
        flac.replaceSubrange(flac.count / 4 ..< flac.count / 4 + 4_000, with: Data(count: 4_000))
        let path = directory.file("bad.flac")
        try flac.write(to: URL(fileURLWithPath: path))
        let source = try ResampledSource(SoundFileSource(path: path), sampleRate: 48_000)
        let reader = try source.makeReader(streaming: false, from: 0)
        #expect(reader.failure == nil)
        let output = Self.readAll(reader)
        #expect(output.count < 2 * Int(source.format.frameCount))
        let failure = try #require(reader.failure as? SoundFileError)
        #expect(failure.path == path)
    }
}
