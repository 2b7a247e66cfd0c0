import Foundation
import Testing
import TestSupport

/// A bad scene (docs/scripts.md#validation): `swell render --script
/// scene.json -o frame.png` exits 2 with one line naming the script's file,
/// line and column of the fault, and writes no picture.
@Suite("bad input: scenes")
struct SceneBadInputTests {
    /// A scene with one fault, at the character after `‸`.
    struct BrokenScene: CustomTestStringConvertible, Sendable {
        var what: String
        var marked: String

        var testDescription: String { what }

        var text: String { marked.replacingOccurrences(of: "‸", with: "") }

        /// The 1-based line and column of the marker.
        var location: String { marked.location(of: "‸") }
    }

    /// A scene with `layer` as its one layer.
    private static func layer(_ what: String, _ layer: String) -> BrokenScene {
        BrokenScene(what: what, marked: """
            {"version": 1, "canvas": {"width": 40, "height": 30},
             "layers": [\(layer)]}
            """)
    }

    static let scenes = [
        layer("an unknown layer type", #"{"name": "a", "type": ‸"circle"}"#),
        layer("an unknown property", ##"{"name": "a", "type": "shape", ‸"fillColour": "#ff0000"}"##),
        layer("a malformed hex colour", ##"{"name": "a", "type": "shape", "fillColor": ‸"#ff00"}"##),
        layer("a colour component beyond 1", #"{"name": "a", "type": "gradient", "colors": [‸[1, 0, 0, 2]]}"#),
        layer("a malformed path", #"{"name": "a", "type": "shape", "path": ‸"M 0 0 Q 1"}"#),
        layer("a missing image", #"{"name": "a", "type": "shape", "contents": ‸"missing.png"}"#),
        layer("a file that is no image", #"{"name": "a", "type": "shape", "contents": ‸"notes.txt"}"#),
        layer("a PNG cut short", #"{"name": "a", "type": "shape", "contents": ‸"cut.png"}"#),
        layer("a directory as an image", #"{"name": "a", "type": "shape", "contents": ‸"folder.png"}"#),
        layer("a non-finite number", #"{"name": "a", "type": "shape", "lineWidth": ‸1e999}"#),
        layer("a non-finite colour component", #"{"name": "a", "type": "shape", "fillColor": [1, 0, ‸-1e999, 1]}"#),
        BrokenScene(what: "a non-finite animated value", marked: ##"""
            {"version": 1, "canvas": {"width": 40, "height": 30},
             "layers": [{"name": "a", "type": "shape"}],
             "events": [{"at": 0, "layer": "a", "add": {"type": "basic", "keyPath": "position", "toValue": [0, ‸1e999]}}]}
            """##),
        BrokenScene(what: "a malformed colour in a set", marked: ##"""
            {"version": 1, "canvas": {"width": 40, "height": 30},
             "layers": [{"name": "a", "type": "shape"}],
             "events": [{"at": 0, "layer": "a", "set": {"backgroundColor": ‸"red"}}]}
            """##),
        BrokenScene(what: "a canvas wider than 16,384 pixels at its scale", marked: """
            {"version": 1, "canvas": {"width": 10000, "height": 30, "scale": ‸2}}
            """),
        BrokenScene(what: "a canvas taller than 16,384 points", marked: """
            {"version": 1, "canvas": {"width": 40, "height": ‸16385}}
            """),
    ]

    @Test("one line naming FILE:LINE:COL, exit 2, no picture", arguments: scenes)
    func rejects(scene: BrokenScene) throws {
        let workspace = try Workspace()
        try workspace.write(scene.text, to: "scene.json")
        try workspace.write("not a picture\n", to: "notes.txt")
        // A PNG's signature and the start of its header, then nothing.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48])
            .write(to: URL(fileURLWithPath: workspace.path("cut.png")))
        try FileManager.default.createDirectory(atPath: workspace.path("folder.png"), withIntermediateDirectories: false)
        let before = try workspace.entries()
        let result = try SwellProcess.run(["render", "--script", "scene.json", "-o", "frame.png"],
                                          directory: workspace.directory)
        result.expectFailure(.badInput, naming: ["scene.json:\(scene.location):"])
        #expect(try workspace.entries() == before, "no picture, no temporary file")
    }
}
