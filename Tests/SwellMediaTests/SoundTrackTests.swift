import Foundation
import SwellAudio
import Testing
import TestSupport
@testable import SwellMedia

/// A video's sound track reads as FFmpeg decodes it: sample for sample for
/// a lossless track, from the start or any frame, streamed or not.
@Suite struct SoundTrackTests {
    let clip = VideoFixtures.Clip()

    /// Every frame a reader of `track` from `first` delivers.
    private func readAll(_ track: SoundTrack, streaming: Bool, from first: Int64) throws -> [Float] {
        let reader = try track.makeReader(streaming: streaming, from: first)
        var samples: [Float] = [], buffer = [Float](repeating: 0, count: 1000 * 2)
        while true {
            let (frames, ended) = buffer.withUnsafeMutableBufferPointer { reader.read(into: $0.baseAddress!, frameCount: 1000) }
            samples += buffer.prefix(frames * 2)
            if ended { break }
            if frames == 0 { usleep(1000) }
        }
        #expect(reader.failure == nil)
        return samples
    }

    @Test("read offline from the start, the track is FFmpeg's decode of it")
    func offline() throws {
        let track = try #require(try VideoFile(path: clip.path).soundTrack)
        #expect(track.format.frameCount == Int64(clip.seconds * clip.sampleRate))
        let samples = try readAll(track, streaming: false, from: 0)
        #expect(samples.count == clip.samples.count)
        #expect(samples == clip.samples)
    }

    @Test("from any frame, offline or streamed, the track goes on from that frame")
    func fromAFrame() throws {
        let track = try SoundTrack(path: clip.path)
        for (first, streaming) in [(Int64(96_000), false), (72_123, true), (1, false), (191_999, true)] {
            let samples = try readAll(track, streaming: streaming, from: first)
            let expected = Array(clip.samples[(Int(first) * 2)...])
            #expect(samples.count == expected.count, "from \(first)")
            #expect(samples == expected, "from \(first), streaming \(streaming)")
        }
    }
}
