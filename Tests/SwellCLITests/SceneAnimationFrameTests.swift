import Foundation
import Testing
import TestSupport

/// Events and animations on visual keys, drawn (docs/scripts.md#events,
/// docs/scripts.md#animation-objects): `swell render --script scene.json
/// -o frame.png --at T` halfway through an animation, the PNG decoded by
/// FFmpeg, against the interpolated colour, point, rectangle, path or
/// transform worked out by hand — Core Animation interpolates each linearly
/// here (linear timing, components of the same colour space, a pure scale
/// or one rotation angle).
@Suite("render: animated colours, points, rectangles, paths, transforms and image contents")
struct SceneAnimationFrameTests {
    /// A decoded frame's RGBA bytes.
    struct Frame {
        let width: Int
        let rgba: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> [Int] {
            rgba[(y * width + x) * 4 ..< (y * width + x) * 4 + 4].map(Int.init)
        }

        /// How many pixels are exactly `color`.
        func count(_ color: [Int]) -> Int {
            stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 ..< $0 + 4].map(Int.init) == color }.count
        }
    }

    static let red = [255, 0, 0, 255], black = [0, 0, 0, 255]

    /// Renders a 100×60 scene on black with `layers` and `events` at `time`.
    private func render(layers: String, events: String, at time: Double, in workspace: Workspace) throws -> Frame {
        let script = try workspace.write(##"""
            {"version": 1, "canvas": {"width": 100, "height": 60, "backgroundColor": "#000000"},
             "layers": [\##(layers)],
             "events": [\##(events)]}
            """##, to: "scene.json")
        let output = workspace.path("frame.png")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--at", "\(time)", "--overwrite"],
                                          directory: workspace.directory)
        try #require(result.status == 0, "\(result)")
        let rgba = try SoundFileFixtures.ffmpegRGBA(output)
        try #require(rgba.count == 100 * 60 * 4)
        return Frame(width: 100, rgba: rgba)
    }

    /// A layer filling the canvas with `backgroundColor` red.
    private static let fill = ##"{"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 100, 60], "backgroundColor": "#ff0000"}"##

    private func near(_ pixel: [Int], _ expected: [Double]) -> Bool {
        zip(pixel, expected).allSatisfy { abs(Double($0) - $1) <= 1 }
    }

    @Test("a basic animation of backgroundColor from red to blue is halfway, (127.5, 0, 127.5), at half its duration")
    func colour() throws {
        let frame = try render(layers: Self.fill, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "backgroundColor",
             "fromValue": "#ff0000", "toValue": [0, 0, 1, 1], "duration": 2}}
            """##, at: 1, in: Workspace())
        #expect(near(frame.pixel(50, 30), [127.5, 0, 127.5, 255]), "\(frame.pixel(50, 30))")
        #expect(frame.pixel(0, 0) == frame.pixel(99, 59))
    }

    @Test("set: a colour's implicit action, over the event's duration, is halfway at half of it")
    func setColour() throws {
        let frame = try render(layers: Self.fill, events: ##"""
            {"at": 0, "layer": "box", "set": {"backgroundColor": "#00ff00"}, "duration": 2}
            """##, at: 1, in: Workspace())
        #expect(near(frame.pixel(50, 30), [127.5, 127.5, 0, 255]), "\(frame.pixel(50, 30))")
    }

    /// A 10×10 red square at (20, 30).
    private static let square = ##"{"name": "box", "type": "shape", "position": [20, 30], "bounds": [0, 0, 10, 10], "backgroundColor": "#ff0000"}"##

    @Test("a point: position from (20, 30) to (80, 30) is at (50, 30) halfway — the square covers x 45…54")
    func point() throws {
        let frame = try render(layers: Self.square, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "position", "toValue": [80, 30], "duration": 2}}
            """##, at: 1, in: Workspace())
        #expect(frame.count(Self.red) == 100)
        #expect(frame.pixel(45, 25) == Self.red && frame.pixel(54, 34) == Self.red)
        #expect(frame.pixel(44, 25) == Self.black && frame.pixel(55, 34) == Self.black)
    }

    @Test("a spring of points: x(t) = to − (to − from)·e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d sin ω_d t), the red row's centroid")
    func spring() throws {
        let frame = try render(layers: Self.square, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "spring", "keyPath": "position", "fromValue": [20, 30],
             "toValue": [80, 30], "mass": 1, "stiffness": 100, "damping": 10, "duration": 5}}
            """##, at: 0.2, in: Workspace())
        // ω₀ = √(k/m) = 10, ζ = c / (2√(km)) = 0.5, ω_d = ω₀√(1 − ζ²).
        let t = 0.2, omega = 10.0, zeta = 0.5
        let damped: Double = omega * (1 - zeta * zeta).squareRoot()
        let decay: Double = exp(-zeta * omega * t)
        let oscillation: Double = cos(damped * t) + zeta * omega / damped * sin(damped * t)
        let x = 80 - 60 * decay * oscillation
        // Row 30 holds the square's 10 points of width, edges anti-aliased:
        // its coverage sums to 10 and is centred on x.
        let coverage = (0..<100).map { Double(frame.pixel($0, 30)[0]) / 255 }
        let moment = coverage.enumerated().map { (Double($0.offset) + 0.5) * $0.element }.reduce(0, +)
        let centroid = moment / coverage.reduce(0, +)
        #expect(abs(coverage.reduce(0, +) - 10) < 0.02, "\(coverage)")
        #expect(abs(centroid - x) < 0.02, "\(centroid) against \(x)")
    }

    @Test("a rectangle: bounds from 10×10 to 30×10 about the position (50, 30) is 20×10 halfway")
    func rectangle() throws {
        let frame = try render(layers: ##"""
            {"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 10, 10], "backgroundColor": "#ff0000"}
            """##, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "bounds", "fromValue": [0, 0, 10, 10],
             "toValue": [0, 0, 30, 10], "duration": 2}}
            """##, at: 1, in: Workspace())
        #expect(frame.count(Self.red) == 200)
        #expect(frame.pixel(40, 25) == Self.red && frame.pixel(59, 34) == Self.red && frame.pixel(60, 30) == Self.black)
    }

    @Test("bounds.size: the key path animates a size, halfway 20×10")
    func sizeKeyPath() throws {
        let frame = try render(layers: ##"""
            {"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 10, 10], "backgroundColor": "#ff0000"}
            """##, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "bounds.size", "toValue": [30, 10], "duration": 2}}
            """##, at: 1, in: Workspace())
        #expect(frame.count(Self.red) == 200)
    }

    @Test("a path: a 10×10 square's path to a 30×10 one is 20×10 halfway, point by point")
    func path() throws {
        let frame = try render(layers: ##"""
            {"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 30, 10],
             "path": "M 0 0 H 10 V 10 H 0 Z", "fillColor": "#ff0000"}
            """##, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "path", "toValue": "M 0 0 H 30 V 10 H 0 Z",
             "duration": 2}}
            """##, at: 1, in: Workspace())
        // The layer's frame starts at (35, 25); the path covers x 35…54.
        #expect(frame.count(Self.red) == 200)
        #expect(frame.pixel(35, 25) == Self.red && frame.pixel(54, 34) == Self.red && frame.pixel(55, 30) == Self.black)
    }

    @Test("a transform as 16 numbers: identity to a scale of 2 is a scale of 1.5 halfway — 20×20 becomes 30×30")
    func transform() throws {
        let frame = try render(layers: ##"""
            {"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 20, 20], "backgroundColor": "#ff0000"}
            """##, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "transform", "duration": 2,
             "values": [[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], [2,0,0,0, 0,2,0,0, 0,0,1,0, 0,0,0,1]]}}
            """##, at: 1, in: Workspace())
        #expect(frame.count(Self.red) == 900)
        #expect(frame.pixel(35, 15) == Self.red && frame.pixel(64, 44) == Self.red && frame.pixel(34, 30) == Self.black)
    }

    @Test("transform.rotation.z from 0 to π/2 is π/4 halfway: the square's corners now lie on its axes")
    func rotation() throws {
        let frame = try render(layers: ##"""
            {"name": "box", "type": "shape", "position": [50, 30], "bounds": [0, 0, 20, 20], "backgroundColor": "#ff0000"}
            """##, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "transform.rotation.z",
             "fromValue": 0, "toValue": 1.5707963267948966, "duration": 2}}
            """##, at: 1, in: Workspace())
        // Turned 45°, the square is |x| + |y| ≤ 10√2 ≈ 14.14 about its centre
        // (50, 30). Pixels (50, 18) and (61, 30), centre offsets (0.5, −11.5)
        // and (11.5, 0.5), are inside (12), though outside the unturned
        // square; pixel (40, 20), offset (−9.5, −9.5), is outside (19),
        // though inside the unturned one.
        #expect(frame.pixel(50, 18) == Self.red && frame.pixel(61, 30) == Self.red)
        #expect(frame.pixel(40, 20) == Self.black && frame.pixel(59, 39) == Self.black)
    }

    @Test("a keyframe along a path, paced: half the time is half the 50-point length, (45, 30)")
    func alongPath() throws {
        let frame = try render(layers: Self.square, events: ##"""
            {"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "position", "path": "M 20 30 L 50 30 L 50 50",
             "calculationMode": "paced", "duration": 2}}
            """##, at: 1, in: Workspace())
        #expect(frame.count(Self.red) == 100)
        #expect(frame.pixel(40, 25) == Self.red && frame.pixel(49, 34) == Self.red && frame.pixel(50, 30) == Self.black)
    }

    /// A workspace with `images/quad.png`, 2×2 pixels made by FFmpeg: red,
    /// green / blue, white.
    private func quadImage() throws -> Workspace {
        let workspace = try Workspace()
        let raw: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        try Data(raw).write(to: URL(fileURLWithPath: workspace.path("quad.rgba")))
        try FileManager.default.createDirectory(atPath: workspace.path("images"), withIntermediateDirectories: false)
        _ = try SoundFileFixtures.ffmpeg("-f", "rawvideo", "-pix_fmt", "rgba", "-s", "2x2", "-i", workspace.path("quad.rgba"),
                                         "-frames:v", "1", workspace.path("images/quad.png"))
        return workspace
    }

    @Test("image contents: a 2×2 PNG made by FFmpeg, resizeAspect in a 40×20 layer, nearest — a 20×20 square centred")
    func contents() throws {
        let workspace = try quadImage()
        let frame = try render(layers: ##"""
            {"name": "photo", "type": "shape", "position": [50, 30], "bounds": [0, 0, 40, 20],
             "contents": "images/quad.png", "contentsGravity": "resizeAspect", "magnificationFilter": "nearest"}
            """##, events: "", at: 0, in: workspace)
        // The frame is x 30…69, y 20…39; the image keeps its aspect: x 40…59.
        #expect(frame.pixel(42, 22) == Self.red && frame.pixel(57, 22) == [0, 255, 0, 255])
        #expect(frame.pixel(42, 37) == [0, 0, 255, 255] && frame.pixel(57, 37) == [255, 255, 255, 255])
        #expect(frame.pixel(35, 30) == Self.black && frame.pixel(64, 30) == Self.black)
        #expect(frame.count(Self.red) == 100)
    }

    @Test("set: contents given to a generic layer at 1 s show from then, the path read relative to the script")
    func setContents() throws {
        let workspace = try quadImage()
        let layer = ##"{"name": "photo", "type": "layer", "position": [50, 30], "bounds": [0, 0, 20, 20], "magnificationFilter": "nearest"}"##
        let event = ##"{"at": 1, "layer": "photo", "set": {"contents": "images/quad.png"}}"##
        #expect(try render(layers: layer, events: event, at: 0.5, in: workspace).count(Self.black) == 100 * 60)
        let frame = try render(layers: layer, events: event, at: 1, in: workspace)
        // The frame is x 40…59, y 20…39; each image pixel covers 10×10.
        #expect(frame.count(Self.red) == 100 && frame.pixel(40, 20) == Self.red && frame.pixel(59, 39) == [255, 255, 255, 255])
    }

    @Test("a generic layer is a CALayer: a background colour beside a dynamic property, set to blue at 1 s")
    func genericLayer() throws {
        let workspace = try Workspace()
        let layer = ##"{"name": "card", "type": "layer", "position": [50, 30], "bounds": [0, 0, 20, 10], "backgroundColor": "#ff0000", "time": 0}"##
        let events = ##"""
            {"at": 1, "layer": "card", "set": {"backgroundColor": [0, 0, 1, 1], "time": 5}, "disableActions": true}
            """##
        let before = try render(layers: layer, events: events, at: 0.5, in: workspace)
        #expect(before.count(Self.red) == 200 && before.pixel(40, 25) == Self.red && before.pixel(59, 34) == Self.red)
        #expect(try render(layers: layer, events: events, at: 1, in: workspace).count([0, 0, 255, 255]) == 200)
    }
}

