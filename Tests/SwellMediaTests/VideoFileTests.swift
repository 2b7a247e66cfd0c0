import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellMedia

/// The frame a video file shows at a time is the one FFmpeg decodes with
/// the latest presentation time not after it — k = ⌊t·fps⌋ for a clip of
/// constant rate — however the times are visited.
@Suite struct VideoFileTests {
    let clip = VideoFixtures.Clip()

    /// Asserts the picture at `time` is FFmpeg's frame `k` of `clip`.
    private func expectFrame(_ k: Int, at time: Double, of video: VideoFile, in clip: VideoFixtures.Clip,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        guard let image = video.frame(atTime: time).flatMap(CGImage.init) else {
            Issue.record("no picture at \(time) s", sourceLocation: sourceLocation)
            return
        }
        // The same libswscale conversion as the ffmpeg tool's, into Cairo's
        // byte order: read as r, g, b, a, equal to within a rounding step.
        #expect(image.byteOrderInfo == .order32Little)
        let pixels = VideoFixtures.rgba(image)
        let difference = VideoFixtures.difference(pixels, clip.frames[k])
        #expect(difference <= 2, "at \(time) s: frame \(k) differs by \(difference), closest is \(VideoFixtures.closestFrame(to: pixels, in: clip))",
                sourceLocation: sourceLocation)
    }

    @Test("the file's size, duration and rate are those ffmpeg wrote")
    func describesTheFile() throws {
        let video = try VideoFile(path: clip.path)
        #expect(video.naturalSize == CGSize(width: clip.width, height: clip.height))
        #expect(abs(video.duration - Double(clip.seconds)) < 0.05)
        #expect(video.nominalFrameRate == Double(clip.fps))
        #expect(video.soundTrack?.format.sampleRate == clip.sampleRate)
        #expect(video.soundTrack?.format.channelCount == 2)
        // Neighbouring frames differ, so a comparison tells them apart.
        #expect(VideoFixtures.difference(clip.frames[10], clip.frames[11]) > 40)
    }

    @Test("played in order, every frame is shown for its own 1/fps")
    func inOrder() throws {
        let video = try VideoFile(path: clip.path)
        for k in 0..<clip.frames.count {
            expectFrame(k, at: Double(k) / Double(clip.fps), of: video, in: clip)
            // Just before the next frame's time, still this one.
            expectFrame(k, at: (Double(k) + 0.97) / Double(clip.fps), of: video, in: clip)
        }
    }

    @Test("backward and random seeks show the exact frame, in Matroska and in MP4", arguments: ["mkv", "mp4"])
    func seeking(_ container: String) throws {
        let clip = VideoFixtures.Clip(container: container)
        let video = try VideoFile(path: clip.path)
        var random = SplitMix64(seed: 13)
        let last = Double(clip.seconds) - 1e-3
        let times = [3.5, 0.1, 2.02, 1.99, 0.0, 3.96] + (0..<40).map { _ in Double.random(in: 0..<last, using: &random) }
        for time in times {
            expectFrame(Int((time * Double(clip.fps)).rounded(.down)), at: time, of: video, in: clip)
        }
    }

    @Test("before its start a video shows its first frame, after its end its last")
    func outside() throws {
        let video = try VideoFile(path: clip.path)
        expectFrame(clip.frames.count - 1, at: 100, of: video, in: clip)
        expectFrame(0, at: -3, of: video, in: clip)
        expectFrame(clip.frames.count - 1, at: Double(clip.seconds), of: video, in: clip)
        expectFrame(0, at: -.infinity, of: video, in: clip)
        expectFrame(clip.frames.count - 1, at: .infinity, of: video, in: clip)
    }

    @Test("a frame handed over is the same object while it is shown, and keeps its picture as decoding goes on")
    func framesHandedOver() throws {
        let video = try VideoFile(path: clip.path)
        let fps = Double(clip.fps)
        let kept = try #require(video.frame(atTime: 10 / fps))
        #expect(video.frame(atTime: 10.5 / fps) === kept)
        #expect(video.frame(atTime: 11 / fps) !== kept)
        // On through 30 more frames, then a seek back past it: the decoder
        // reuses its own frames, not the one handed over.
        for k in 12..<42 { _ = video.frame(atTime: Double(k) / fps) }
        _ = video.frame(atTime: 3 / fps)
        let picture = try #require(CGImage(kept))
        let difference = VideoFixtures.difference(VideoFixtures.rgba(picture), clip.frames[10])
        #expect(difference <= 2, "frame 10 differs by \(difference), closest is \(VideoFixtures.closestFrame(to: VideoFixtures.rgba(picture), in: clip))")
    }

    @Test("a missing file, a file that is no video and a video-less file are refused in one line")
    func refusals() throws {
        let directory = try SoundFileFixtures.Directory()
        let missing = directory.file("missing.mp4")
        #expect(throws: FFmpegError.self) { try VideoFile(path: missing) }
        do { _ = try VideoFile(path: missing) } catch {
            #expect(error.description == "cannot open '\(missing)': No such file or directory")
        }
        let garbage = directory.file("garbage.mp4")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: garbage))
        do { _ = try VideoFile(path: garbage); Issue.record("garbage was opened") } catch {
            #expect(error.description.hasPrefix("cannot open '\(garbage)'"))
            #expect(!error.description.contains("\n"))
        }
        let sound = directory.file("tone.wav")
        try SoundFileFixtures.ffmpeg("-f", "lavfi", "-i", "sine=duration=0.2", sound)
        do { _ = try VideoFile(path: sound); Issue.record("a WAV was opened as video") } catch {
            #expect(error.description == "'\(sound)' has no video stream")
        }
    }
}
