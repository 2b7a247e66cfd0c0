import Foundation
import ALSATestSupport
import Testing
import TestSupport

/// A script's video layer (docs/video.md#video-layers): its sound track is
/// rendered by `swell render --script … -o out.wav` as FFmpeg decodes it,
/// at the layer's time and times its volume; its picture by `-o out.png`
/// as FFmpeg decodes the frame; a file that cannot be shown is one line at
/// its place in the script, exit 2, and no output.
@Suite("render: a script's video layer, its sound and its picture")
struct VideoLayerScriptTests {
    /// 3 s of FFmpeg's test pattern, 96×64 at 25 fps, H.264, and a 440 Hz
    /// tone in lossless FLAC at 48 kHz, in Matroska.
    private func makeClip(in workspace: Workspace) throws {
        try SoundFileFixtures.ffmpeg(
            "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=25:duration=3",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3",
            "-ac", "2", "-c:v", "libx264", "-c:a", "flac", workspace.path("clip.mkv"))
    }

    /// The video, starting at 0.5 s at half volume, fading to silence
    /// from 1.5 s over 1 s (linearly: a transaction without a timing
    /// function).
    private let scene = ##"""
        {"version": 1, "canvas": {"width": 96, "height": 64},
         "layers": [{"name": "clip", "type": "video", "file": "clip.mkv", "volume": 0.5, "beginTime": 0.5,
                     "position": [48, 32], "bounds": [0, 0, 96, 64]}],
         "events": [{"at": 1.5, "layer": "clip", "set": {"volume": 0}, "duration": 1}]}
        """##

    /// The video layer's gain at host time `t`, from the script by hand.
    private func gain(_ t: Double) -> Double { t < 1.5 ? 0.5 : 0.5 * max(0, 1 - (t - 1.5)) }

    @Test("the WAV is ffmpeg's decode of the sound track, from the layer's begin time, times its volume")
    func sound() throws {
        let workspace = try Workspace()
        try makeClip(in: workspace)
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("out.wav")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--encoding", "float", "--quiet"])
        #expect(result.status == 0, "\(result)")
        let track = try SoundFileFixtures.ffmpegSamples(workspace.path("clip.mkv"))
        let rendered = try SoundFileFixtures.ffmpegSamples(output)
        // Silence for the 0.5 s before the layer begins, then the track.
        let offset = 24_000
        #expect(rendered.count == track.count + 2 * offset)
        let expected = (0..<(rendered.count / 2)).flatMap { n -> [Float] in
            let k = n - offset
            guard k >= 0 else { return [0, 0] }
            let g = gain(Double(n) / 48_000)
            return [Float(Double(track[2 * k]) * g), Float(Double(track[2 * k + 1]) * g)]
        }
        #expect(SoundFileFixtures.maximumDifference(rendered, expected) < 1e-6)
    }

    @Test("the picture at 1.5 s is ffmpeg's frame at 1 s of the video")
    func picture() throws {
        let workspace = try Workspace()
        try makeClip(in: workspace)
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("frame.png")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--at", "1.5"]).status == 0)
        let drawn = try SoundFileFixtures.ffmpegRGBA(output)
        let reference = [UInt8](try SoundFileFixtures.ffmpeg(
            "-i", workspace.path("clip.mkv"), "-vf", "select=eq(n\\,25)", "-frames:v", "1",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-"))
        #expect(drawn.count == reference.count)
        #expect(zip(drawn, reference).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test("a missing, damaged or video-less file is one line at its place in the script; exit 2, no output",
          arguments: ["missing.mkv", "damaged.mkv", "tone.wav"])
    func badFile(_ name: String) throws {
        let workspace = try Workspace()
        try workspace.write(String(repeating: "not a video ", count: 100), to: "damaged.mkv")
        try SoundFileFixtures.ffmpeg("-f", "lavfi", "-i", "sine=duration=0.5", workspace.path("tone.wav"))
        let script = try workspace.write(
            #"{"version": 1, "canvas": {"width": 8, "height": 8},"# + "\n"
                + #" "layers": [{"name": "v", "type": "video", "file": "\#(name)"}]}"#, to: "scene.json")
        for output in ["out.wav", "out.png"] {
            let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path(output)])
            result.expectFailure(.badInput, naming: ["scene.json:2:52:", name])
        }
        #expect(!(try workspace.entries()).contains { $0.hasPrefix("out") })
    }
}

/// `swell play` streams a video layer's sound: the test configuration's
/// capture PCM records ffmpeg's decode of the track times the layer's
/// volume.
@Suite("play: a script's video layer is heard")
struct VideoLayerPlayTests {
    @Test("the capture is ffmpeg's decode of the track at the video layer's volume")
    func played() throws {
        let alsa = try ALSATestConfiguration()
        let workspace = try Workspace()
        try SoundFileFixtures.ffmpeg(
            "-f", "lavfi", "-i", "testsrc2=size=32x32:rate=25:duration=1",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
            "-ac", "2", "-c:v", "libx264", "-c:a", "flac", workspace.path("clip.mkv"))
        let script = try workspace.write(##"""
            {"version": 1, "layers": [{"name": "clip", "type": "video", "file": "clip.mkv", "volume": 0.5}]}
            """##, to: "scene.json")
        let result = try SwellProcess.run(["play", "--script", script, "--device", ALSATestConfiguration.capturePCM],
                                          environment: alsa.environment)
        #expect(result.status == 0, "\(result)")
        let track = try SoundFileFixtures.ffmpegSamples(workspace.path("clip.mkv"))
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= track.count, "the whole track is played")
        let difference = zip(captured, track).map { abs($0 - 0.5 * Double($1)) }.max() ?? 1
        #expect(difference < 1e-6, "largest difference \(difference)")
    }
}
