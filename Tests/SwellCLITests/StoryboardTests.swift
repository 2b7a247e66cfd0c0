import Foundation
import Testing
import TestSupport

/// Samples/Storyboard: the README's one command that turns a scene — music
/// fading in under a title card, a video layer with its own sound, the
/// music ducked under it — into an MP4 with sound (docs/video.md).
@Suite("Samples/Storyboard exported to MP4")
struct StoryboardTests {
    /// The sample's folder, found from this file's place in the package.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Storyboard")

    /// Root-mean-square of the left channel of `samples` (interleaved
    /// stereo at 48 kHz) between `start` and `end` seconds.
    private func rms(_ samples: [Float], from start: Double, to end: Double) -> Double {
        let frames = Int(start * 48_000) ..< Int(end * 48_000)
        return (frames.reduce(0.0) { $0 + Double(samples[2 * $1] * samples[2 * $1]) } / Double(frames.count)).squareRoot()
    }

    /// The export at a quarter of the pixels and 10 fps (the README's runs
    /// at full size and 60): H.264 and AAC, both 20 s — the script's last
    /// fade ends at 20 s. Between 12 and 13 s the clip's chime has died
    /// away and the music plays ducked, the additive −0.75 on its volume 1:
    /// at a quarter of the music's own level there, as FFmpeg decodes the
    /// music file; from 15 to 16 s, the duck over, at its full level.
    @Test func exportsTheStoryboardWithItsDuckedMusic() throws {
        let workspace = try Workspace()
        let output = workspace.path("storyboard.mp4")
        let result = try SwellProcess.run(["render", "--script", Self.folder.appendingPathComponent("storyboard.json").path,
                                           "-o", output, "--scale", "0.25", "--fps", "10"], timeout: 600)
        #expect(result.status == 0, "\(result)")
        let probe = try VideoProbe(output)
        #expect(VideoProbe.text(probe.stream("video"), "codec_name") == "h264")
        #expect(VideoProbe.number(probe.stream("video"), "nb_read_frames") == 200)
        #expect(VideoProbe.text(probe.stream("audio"), "codec_name") == "aac")
        #expect(abs((probe.duration ?? 0) - 20) < 0.05)

        let mix = try SoundFileFixtures.ffmpegSamples(output)
        let music = try SoundFileFixtures.ffmpegSamples(Self.folder.appendingPathComponent("media/music.opus").path)
        let ducked = rms(mix, from: 12, to: 13) / rms(music, from: 12, to: 13)
        let full = rms(mix, from: 15, to: 16) / rms(music, from: 15, to: 16)
        #expect(abs(ducked - 0.25) < 0.03, "\(ducked)")
        #expect(abs(full - 1) < 0.05, "\(full)")
    }
}
