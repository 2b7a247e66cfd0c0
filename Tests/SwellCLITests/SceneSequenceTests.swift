import Foundation
import Testing
import TestSupport

/// `swell render --script scene.json -o 'frames/%04d.png'` or `-o frames/`
/// (docs/cli.md#frame-sequences): the files FFmpeg's image-sequence reader
/// finds, their count against ⌈(end − start)·fps⌉, and each frame against a
/// single frame at its time and the closed-form fade.
@Suite("render: a scene's frames as a PNG sequence")
struct SceneSequenceTests {
    /// A 40×30 canvas with a red 20×10 box whose opacity fades linearly
    /// from 1 to 0 over 1…3 s: opacity(t) = 1 − (t − 1)/2 there.
    private let scene = ##"""
        {"version": 1,
         "canvas": {"width": 40, "height": 30, "backgroundColor": "#204060"},
         "layers": [
          {"name": "box", "type": "shape", "position": [20, 15], "bounds": [0, 0, 20, 10],
           "path": "M 0 0 H 20 V 10 H 0 Z", "fillColor": "#ff0000"}
         ],
         "events": [{"at": 1, "layer": "box", "set": {"opacity": 0}, "duration": 2}]}
        """##

    /// The box's centre pixel at time t: the fill over the background at the
    /// closed-form opacity, ±1 for rounding.
    private func expectFade(_ pixel: ArraySlice<UInt8>, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let opacity = min(1, max(0, 1 - (t - 1) / 2))
        let expected = [opacity * 255 + (1 - opacity) * 0x20, (1 - opacity) * 0x40, (1 - opacity) * 0x60]
        #expect(zip(pixel.prefix(3), expected).allSatisfy { abs(Double($0) - $1) <= 1 }, "t = \(t): \(Array(pixel))",
                sourceLocation: sourceLocation)
    }

    @Test("--start 0.5 --end 2 --fps 30: ⌈1.5·30⌉ = 45 frames, 0000.png … 0044.png, read back by ffmpeg -i %04d.png")
    func count() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("frames/%04d.png"),
                                           "--start", "0.5", "--end", "2", "--fps", "30"])
        #expect(result.status == 0, "\(result)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path("frames")).sorted()
        #expect(names == (0..<45).map { String(format: "%04d.png", $0) })
        #expect(try SoundFileFixtures.ffmpegRGBA(workspace.path("frames/%04d.png")).count == 45 * 40 * 30 * 4)
        #expect(result.standardOutput.contains("wrote 45 frames"), "\(result)")
        #expect(result.standardOutput.contains("40×30 pixels, 30 fps"), "\(result)")
    }

    @Test("--end 2.2 --fps 25: exactly 55 frames, though 2.2 · 25 rounds to 55.00000000000001")
    func roundedProduct() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("out") + "/",
                                           "--end", "2.2", "--fps", "25"])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("out")).count == 55)
    }

    @Test("frame k is the scene at start + k/fps: the single frame --at that time, and the closed-form fade")
    func frameTimes() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("frames") + "/",
                                           "--start", "0.75", "--end", "3.5", "--fps", "8"])
        #expect(result.status == 0, "\(result)")
        let center = (15 * 40 + 20) * 4
        // ⌈2.75 · 8⌉ = 22 frames; frame k at 0.75 + k/8.
        for k in [0, 2, 5, 9, 13, 21] {
            let t = 0.75 + Double(k) / 8
            let frame = try SoundFileFixtures.ffmpegRGBA(workspace.path(String(format: "frames/%04d.png", k)))
            let single = workspace.path("single-\(k).png")
            #expect(try SwellProcess.run(["render", "--script", script, "-o", single, "--at", "\(t)"]).status == 0)
            #expect(frame == (try SoundFileFixtures.ffmpegRGBA(single)), "frame \(k)")
            expectFade(frame[center ..< center + 4], at: t)
        }
    }

    @Test("default end: the last event (1 s) plus its 2 s fade, at the default 60 fps: 180 frames")
    func defaultEndOfAnImplicitAnimation() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f") + "/"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("f")).count == 180)
    }

    @Test("default end: an added animation's begin plus duration × repeatCount, doubled by autoreverses")
    func defaultEndOfAnAddedAnimation() throws {
        let workspace = try Workspace()
        // Added at 0.5: 0.25 s × 2 (autoreverses) × 3 repeats = 1.5 s, ending at 2 s; at 10 fps, 20 frames.
        let script = try workspace.write(##"""
            {"version": 1, "canvas": {"width": 8, "height": 8},
             "layers": [{"name": "dot", "type": "shape", "bounds": [0, 0, 4, 4], "backgroundColor": "#ffffff"}],
             "events": [{"at": 0.5, "layer": "dot", "key": "blink",
                         "add": {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
                                 "duration": 0.25, "autoreverses": true, "repeatCount": 3}}]}
            """##, to: "scene.json")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f") + "/", "--fps", "10"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("f")).count == 20)
    }

    @Test("an animation repeating forever has no end: one line asking for --end, exit 2, nothing written")
    func endlessAnimation() throws {
        let workspace = try Workspace()
        let script = try workspace.write(##"""
            {"version": 1, "canvas": {"width": 8, "height": 8},
             "layers": [{"name": "dot", "type": "shape"}],
             "events": [{"at": 0, "layer": "dot", "key": "spin",
                         "add": {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
                                 "duration": 1, "repeatCount": "infinity"}}]}
            """##, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f") + "/"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("'opacity' on layer 'dot' never ends") && result.standardError.contains("--end"),
                "\(result)")
        #expect(try workspace.entries() == ["scene.json"])
        let bounded = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f") + "/", "--end", "0.5",
                                            "--fps", "4"])
        #expect(bounded.status == 0, "\(bounded)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("f")).count == 2)
    }

    @Test("existing frames are kept without --overwrite: one line naming the first, exit 2; replaced with it")
    func overwrite() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let arguments = ["render", "--script", script, "-o", workspace.path("f") + "/", "--end", "0.5", "--fps", "4"]
        #expect(try SwellProcess.run(arguments).status == 0)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: workspace.path("f/0000.png")))
        let refused = try SwellProcess.run(arguments)
        #expect(refused.status == 2 && refused.standardError.contains("0000.png' exists (use --overwrite)"), "\(refused)")
        #expect(try String(contentsOfFile: workspace.path("f/0000.png"), encoding: .utf8) == "keep")
        #expect(try SwellProcess.run(arguments + ["--overwrite"]).status == 0)
        #expect(try SoundFileFixtures.ffmpegRGBA(workspace.path("f/0000.png")).count == 40 * 30 * 4)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: workspace.path("f"))) == ["0000.png", "0001.png"])
    }

    @Test("a frame that cannot be written part way: one line naming it and the frames before it, exit 1, no partial file")
    func failurePartWay() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        // Frame 1's name is taken by a directory, which a file cannot be renamed over.
        try FileManager.default.createDirectory(atPath: workspace.path("f/0001.png"), withIntermediateDirectories: true)
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("f") + "/",
                                           "--end", "1", "--fps", "4", "--overwrite"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("frame 1: cannot write") && result.standardError.contains("(1 frame before it written)"),
                "\(result)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: workspace.path("f"))) == ["0000.png", "0001.png"])
    }

    @Test("--size and --scale replace the script's canvas, for one frame and for a sequence")
    func canvasOverride() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", workspace.path("one.png"),
                                      "--size", "20x10", "--scale", "3"]).status == 0)
        #expect(try SoundFileFixtures.ffmpegRGBA(workspace.path("one.png")).count == 60 * 30 * 4)
        #expect(try SwellProcess.run(["render", "--script", script, "-o", workspace.path("s/%d.png"),
                                      "--size", "16x12", "--end", "0.25", "--fps", "4"]).status == 0)
        #expect(try SoundFileFixtures.ffmpegRGBA(workspace.path("s/0.png")).count == 16 * 12 * 4)
    }

    @Test("bad patterns and options: one line, exit 2, nothing written", arguments: [
        (["-o", "f/%d%d.png"], "is not a frame pattern"),
        (["-o", "f/%04d.jpg"], "is not a frame pattern"),
        (["-o", "f/", "--at", "1"], "--at is the time of a single picture"),
        (["-o", "one.png", "--fps", "30"], "--fps is the rate of a scene's frame sequence"),
        (["-o", "one.png", "--end", "2"], "--start and --end bound a frame sequence"),
        (["-o", "f/", "--fps", "0"], "--fps must be a positive number"),
        (["-o", "f/", "--end", "0"], "not after they start"),
        (["-o", "one.png", "--size", "0x10"], "invalid size '0x10'"),
        (["-o", "one.png", "--size", "10000x10", "--scale", "2"], "20000 pixels on a side"),
    ])
    func rejects(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script]
            + arguments.map { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") ? workspace.path($0) : $0.hasSuffix("/") ? workspace.path($0) + "/" : $0 })
        #expect(result.status == 2 && result.standardError.contains(message), "\(result)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
        #expect(try workspace.entries() == ["scene.json"])
    }
}
