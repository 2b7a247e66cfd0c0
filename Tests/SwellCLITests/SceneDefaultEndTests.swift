import Foundation
import Testing
import TestSupport

/// Where a scene's frames end without `--end` (docs/cli.md#frame-sequences):
/// the latest of its animations, its videos and its sound. The references
/// are closed forms of the layer timing and the lengths FFmpeg and ffprobe
/// give the media.
@Suite("render: a scene's default end covers its videos and its sound")
struct SceneDefaultEndTests {
    /// A 2 s, 25 fps test pattern of 64×36, with or without a 440 Hz tone.
    private func clip(in workspace: Workspace, named name: String, sound: Bool) throws -> String {
        let path = workspace.path(name)
        var arguments = ["-f", "lavfi", "-i", "testsrc=size=64x36:rate=25:duration=2"]
        if sound { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"] }
        arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + (sound ? ["-c:a", "aac"] : []) + [path]
        try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments).requireSuccess()
        return path
    }

    /// Exports `script` to MP4 without `--end`: ffprobe's count of its
    /// pictures, and its sound's length as the MP4's edit list declares it.
    private func exportedLengths(_ script: String, in workspace: Workspace, fps: Int) throws -> (Double?, Double?) {
        let video = workspace.path("out.mp4")
        let result = try SwellProcess.run(["render", "--script", script, "-o", video, "--fps", "\(fps)"])
        #expect(result.status == 0, "\(result)")
        let probe = try VideoProbe(video)
        return (VideoProbe.number(probe.stream("video"), "nb_read_frames"), VideoProbe.number(probe.stream("audio"), "duration"))
    }

    private func scene(_ layers: String, events: String = "[]") -> String {
        #"{"version": 1, "canvas": {"width": 64, "height": 36}, "layers": [\#(layers)], "events": \#(events)}"#
    }

    /// A silent video from 0.5 s at speed 2 ends at 0.5 + 2/2 = 1.5 s in
    /// the scene: 15 frames at 10 fps, though nothing animates.
    @Test("a video layer's end, through its beginTime and speed") func videoEnd() throws {
        let workspace = try Workspace()
        _ = try clip(in: workspace, named: "clip.mp4", sound: false)
        let script = try workspace.write(scene(#"""
            {"name": "clip", "type": "video", "file": "clip.mp4", "bounds": [0, 0, 64, 36], "position": [32, 18],
             "beginTime": 0.5, "speed": 2}
            """#), to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f/%03d.png"), "--fps", "10"])
        #expect(result.status == 0, "\(result)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: workspace.path("f"))
        #expect(frames.count == 15, "\(frames.sorted())")
    }

    /// Music of 3 s under an animation of 1 s: the MP4 runs to the music's
    /// end, both streams 3 s long.
    @Test("a scene set to music is not cut at its last animation") func soundEnd() throws {
        let workspace = try Workspace()
        try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 1, encoding: .float,
                                    samples: (0..<144_000).map { 0.3 * sin(2 * .pi * 440 * Double($0) / 48_000) }),
                            to: "music.wav")
        let script = try workspace.write(scene(#"""
            {"name": "box", "type": "layer", "bounds": [0, 0, 8, 8], "position": [8, 8], "backgroundColor": "#ffffff"},
            {"name": "music", "type": "audio", "file": "music.wav"}
            """#, events: #"[{"at": 0, "layer": "box", "set": {"position": [56, 28]}, "duration": 1}]"#), to: "scene.json")
        let (frames, sound) = try exportedLengths(script, in: workspace, fps: 30)
        #expect(frames == 90 && sound == 3)
    }

    /// A video's own sound track is the scene's sound, with no audio layer:
    /// the MP4 carries it, as long as the video.
    @Test("a video layer's sound track is muxed without an audio layer") func videoSound() throws {
        let workspace = try Workspace()
        _ = try clip(in: workspace, named: "clip.mp4", sound: true)
        let script = try workspace.write(scene(#"""
            {"name": "clip", "type": "video", "file": "clip.mp4", "bounds": [0, 0, 64, 36], "position": [32, 18]}
            """#), to: "scene.json")
        let (frames, sound) = try exportedLengths(script, in: workspace, fps: 25)
        #expect(frames == 50 && sound == 2)
    }

    /// An animation that repeats for ever under 3 s of music: the frames
    /// end with the music rather than asking for `--end`.
    @Test("a forever-repeating animation ends with the sound") func repeatingWithSound() throws {
        let workspace = try Workspace()
        try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 1, encoding: .float,
                                    samples: [Double](repeating: 0.1, count: 144_000)), to: "music.wav")
        let script = try workspace.write(scene(#"""
            {"name": "box", "type": "layer", "bounds": [0, 0, 8, 8], "position": [8, 8], "backgroundColor": "#ffffff"},
            {"name": "music", "type": "audio", "file": "music.wav"}
            """#, events: #"""
            [{"at": 0, "layer": "box", "key": "spin", "add": {"type": "basic", "keyPath": "opacity", "fromValue": 1,
              "toValue": 0, "duration": 0.5, "repeatCount": "infinity"}}]
            """#), to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f/%03d.png"), "--fps", "5"])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("f")).count == 15)
    }
}
