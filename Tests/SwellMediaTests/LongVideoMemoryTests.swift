import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellMedia

/// Ten minutes of video, played through to the end, picture and sound,
/// leave the resident set nearly where it was: the decoders keep a few
/// frames, whatever the file's length.
@Suite struct LongVideoMemoryTests {
    @Test("ten minutes of picture and sound decode in flat memory")
    func flat() throws {
        let directory = try SoundFileFixtures.Directory()
        let path = directory.file("long.mkv")
        let (seconds, fps, rate) = (600, 25, 48_000)
        try SoundFileFixtures.ffmpeg(
            "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=\(fps):duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "flac", path)
        let video = try VideoFile(path: path)
        let before = residentBytes()
        var peak = before
        for k in 0..<(seconds * fps) {
            #expect(video.frame(atTime: Double(k) / Double(fps)).flatMap(CGImage.init) != nil)
            if k % 500 == 0 { peak = max(peak, residentBytes()) }
        }
        let reader = try #require(video.soundTrack).makeReader(streaming: false, from: 0)
        var buffer = [Float](repeating: 0, count: 4096)
        var frames = 0, reads = 0
        while true {
            let (read, ended) = buffer.withUnsafeMutableBufferPointer { reader.read(into: $0.baseAddress!, frameCount: 4096) }
            frames += read
            reads += 1
            if reads % 512 == 0 { peak = max(peak, residentBytes()) }
            if ended { break }
        }
        peak = max(peak, residentBytes())
        #expect(frames == seconds * rate)
        // Kept, the pictures would take 245 MB and the sound 115 MB; other
        // tests running beside this one account for the rest of the bound.
        let pictures = seconds * fps * 64 * 64 * 4, sound = seconds * rate * MemoryLayout<Float>.size
        #expect(peak - before < (pictures + sound) / 4, "resident set grew by \(peak - before) bytes")
    }
}
