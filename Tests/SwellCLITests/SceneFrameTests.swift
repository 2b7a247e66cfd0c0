import Foundation
import Testing
import TestSupport

/// `swell render --script scene.json -o frame.png --at T` (docs/cli.md#scenes):
/// the PNG, decoded by FFmpeg, against the scene's geometry and colours.
@Suite("render: a scene's frame as PNG")
struct SceneFrameTests {
    private let scene = ##"""
        {"version": 1,
         "canvas": {"width": 40, "height": 30, "scale": 2, "backgroundColor": "#204060"},
         "layers": [
          {"name": "box", "type": "shape", "position": [20, 15], "bounds": [0, 0, 20, 10],
           "path": "M 0 0 H 20 V 10 H 0 Z", "fillColor": "#ff0000"}
         ],
         "events": [{"at": 1, "layer": "box", "set": {"opacity": 0}, "duration": 2}]}
        """##

    @Test("the canvas at its scale, its background, and a shape layer's fill where its frame is")
    func geometry() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("frame.png")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output])
        #expect(result.status == 0, "\(result)")
        let rgba = try SoundFileFixtures.ffmpegRGBA(output)
        // 40×30 points at scale 2: 80×60 pixels.
        #expect(rgba.count == 80 * 60 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) }
        // The box's frame is (10, 10)–(30, 20) in points: pixels 20…59 × 20…39.
        var red = 0
        for y in 0..<60 {
            for x in 0..<80 where pixel(x, y) == [255, 0, 0, 255] { red += 1 }
        }
        #expect(red == 40 * 20)
        #expect(pixel(20, 20) == [255, 0, 0, 255] && pixel(59, 39) == [255, 0, 0, 255])
        #expect(pixel(19, 20) == [0x20, 0x40, 0x60, 255] && pixel(60, 39) == [0x20, 0x40, 0x60, 255])
    }

    @Test("--at: the implicit fade of opacity, halfway at 2 s, blends the fill over the background")
    func time() throws {
        let workspace = try Workspace()
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("half.png")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--at", "2"]).status == 0)
        let center = Array(try SoundFileFixtures.ffmpegRGBA(output)[(30 * 80 + 40) * 4 ..< (30 * 80 + 40) * 4 + 4])
        // Opacity 0.5 (linear, 1 → 0 over 1…3 s): 0.5·red + 0.5·background, ±1 for rounding.
        let expected = [0.5 * 255 + 0.5 * 0x20, 0.5 * 0x40, 0.5 * 0x60]
        #expect(zip(center.prefix(3), expected).allSatisfy { abs(Double($0) - $1) <= 1 }, "\(center)")
    }

    @Test("no canvas, an existing output, a bad time: one line, exit 2, no file", arguments: [
        (#"{"version": 1}"#, [String](), "a PNG is a picture of a scene: give a --script with a \"canvas\""),
        (#"{"version": 1, "canvas": {"width": 4, "height": 4}}"#, ["--at", "-1"], "invalid time"),
    ])
    func rejects(script text: String, extra: [String], message: String) throws {
        let workspace = try Workspace()
        let script = try workspace.write(text, to: "scene.json")
        let result = try SwellProcess.run(["render", "--script", script, "-o", workspace.path("frame.png")] + extra)
        #expect(result.status == 2 && result.standardError.contains(message), "\(result)")
        #expect(try workspace.entries() == ["scene.json"])
    }
}
