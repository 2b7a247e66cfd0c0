import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// Time is exact (docs/audio.md#time-is-exact): an event at time T first
/// affects frame `ceil(T·fs − 1e-9)`, and stream time is counted in frames,
/// so a long render neither gains nor loses a frame.
@Suite("render: events land on the right frame, long renders do not drift")
struct RenderTimeTests {
    /// Offsets from a frame boundary, in frames: on it, within the 1e-9
    /// tolerance either side, just outside it, and far from it.
    static let offsets: [Double] = [0, -5e-10, 5e-10, -2e-9, 2e-9, -1e-6, 1e-6, -0.5, 0.5, -0.999, 0.999]

    @Test("an event at T first affects frame ceil(T·fs − 1e-9)", arguments: [8_000, 22_050, 44_100, 48_000, 96_000])
    func eventFrames(sampleRate: Int) throws {
        let workspace = try Workspace()
        // One step event every 37 frames, near frame boundaries; each sets
        // the volume (no animation) to a level of its own, a multiple of
        // 1/16 so that the float output holds it exactly.
        let fs = Double(sampleRate)
        let events = Self.offsets.enumerated().map { index, offset -> (time: Double, level: Double) in
            let frame = Double(100 + 37 * index)
            return ((frame + offset) / fs, Double(index + 1) / 16)
        }
        let json = events.map { event in
            #"{"at": \#(String(format: "%.17g", event.time)), "layer": "music", "set": {"volume": \#(event.level)}, "disableActions": true}"#
        }.joined(separator: ",\n    ")
        let script = try workspace.write("""
            {"version": 1, "sampleRate": \(sampleRate),
             "layers": [{"name": "music", "type": "audio", "volume": 1}],
             "events": [
                \(json)
             ]}
            """, to: "events.json")
        let length = 600
        let input = try workspace.constantInput(sampleRate: sampleRate, frames: length)
        let (gains, _) = try workspace.renderedGains(of: input, ["--script", script])

        let firstFrames = events.map { Int(($0.time * fs - 1e-9).rounded(.up)) }
        let expected = (0..<length).map { n in
            events.indices.last { firstFrames[$0] <= n }.map { events[$0].level } ?? 1
        }
        for (index, frame) in firstFrames.enumerated() {
            #expect(gains[frame - 1] == expected[frame - 1] && gains[frame] == events[index].level,
                    "event \(index) at \(events[index].time) s (frame \(100 + 37 * index) \(Self.offsets[index] < 0 ? "−" : "+") \(abs(Self.offsets[index]))) should first affect frame \(frame)")
        }
        #expect(Deviation(gains, expected).error == 0)
    }

    @Test("a 3-hour render has exactly 3 h of frames and its fade-out ends on the last one")
    func threeHours() throws {
        let workspace = try Workspace()
        // 3 h of mono at 1 kHz: 10.8 million frames. The input is 16-bit
        // PCM, every byte 0x40: each sample is 0x4040 / 2^15.
        let sampleRate = 1_000, length = 3 * 3_600 * sampleRate
        let level = Double(0x4040) / 32_768
        let input = workspace.path("long.wav")
        var header = WAVFile(sampleRate: sampleRate, channelCount: 1, encoding: .pcm16, samples: []).data()
        header.replaceSubrange(4..<8, with: Self.littleEndian(UInt32(36 + 2 * length)))
        header.replaceSubrange(40..<44, with: Self.littleEndian(UInt32(2 * length)))
        header.append(Data(repeating: 0x40, count: 2 * length))
        try header.write(to: URL(fileURLWithPath: input))

        // A 0.5 s fade-out (500 frames) whose last frame is frame 10,799,999.
        let output = workspace.path("long-out.wav")
        let result = try SwellProcess.run(
            ["render", input, "-o", output, "--encoding", "float", "--fade-out", "500ms", "--timing", "qsin"], timeout: 300)
        #expect(result.status == 0, "\(result)")

        let tail = try WAVTail(path: output, frames: 2_000)
        #expect(tail.sampleRate == sampleRate)
        #expect(tail.channelCount == 1)
        #expect(tail.frameCount == length)
        // Frame L − k of the fade-out gets F(k / 500), F = sin(x·π/2); before
        // it, the gain is 1.
        let qsin = ReferenceCurve.fade("qsin")!
        let expected = (length - 2_000..<length).map { n in
            n < length - 500 ? 1 : qsin(Double(length - n) / 500)
        }
        let deviation = Deviation(tail.samples.map { $0 / level }, expected)
        #expect(deviation.error <= 1e-6, "in the last 2,000 frames: \(deviation)")
    }

    private static func littleEndian(_ value: UInt32) -> Data {
        var data = Data()
        data.appendLittleEndian(value)
        return data
    }
}

/// The format, length and last frames of a WAV file too long to read whole:
/// the chunk headers are read from the start, the samples from the end.
struct WAVTail {
    var sampleRate: Int
    var channelCount: Int
    var frameCount: Int
    /// The last `frames` samples of the first channel.
    var samples: [Double]

    init(path: String, frames: Int) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let layout = try WAVFile.Layout(header: [UInt8](try handle.read(upToCount: 1 << 16) ?? Data()), name: path)
        let frameBytes = layout.encoding.bytesPerSample * layout.channelCount
        sampleRate = layout.sampleRate
        channelCount = layout.channelCount
        frameCount = layout.dataSize / frameBytes
        try handle.seek(toOffset: UInt64(layout.dataOffset + (frameCount - frames) * frameBytes))
        let tail = WAVFile.decode(ArraySlice(try handle.read(upToCount: frames * frameBytes) ?? Data()), as: layout.encoding)
        samples = stride(from: 0, to: tail.count, by: layout.channelCount).map { tail[$0] }
    }
}
