import Foundation
import SwellCore
import SwellScript
import Testing

/// A scene's canvas and colours (docs/scripts.md#canvas), against the
/// values CSS's hex notation and `CGColor(red:green:blue:alpha:)` define.
@Suite("scene values: canvas and colours")
struct SceneValueTests {
    static let hexColours: [(String, [Double])] = [
        ("#ff8000", [1, 128 / 255, 0, 1]), ("#FF800080", [1, 128 / 255, 0, 128 / 255]),
        ("#000000", [0, 0, 0, 1]), ("#12345678", [18 / 255, 52 / 255, 86 / 255, 120 / 255]),
    ]

    @Test("hex colours are sRGB bytes over 255; six digits are opaque", arguments: hexColours)
    func hex(text: String, components: [Double]) throws {
        let color = try ColorSyntax.color(parsing: text)
        let got = try #require(color.components).map { Double($0) }
        #expect(zip(got, components).allSatisfy { abs($0 - $1) < 1e-12 }, "\(got)")
    }

    @Test("malformed hex colours", arguments: ["ff8000", "#ff80", "#ff80000", "#gg0000", "#+f8000", "# ff800"])
    func malformed(text: String) {
        #expect(throws: ValueSyntaxError.self) { try ColorSyntax.color(parsing: text) }
    }

    @Test("a canvas: its size, scale and background, and the pixels it has")
    func canvas() throws {
        let script = try ScriptSpec(parsing: """
            {"version": 1, "canvas": {"width": 640, "height": 361, "scale": 1.5, "backgroundColor": [0.25, 0.5, 0.75, 1]}}
            """, file: "scene.json", baseDirectory: URL(fileURLWithPath: "/"))
        let canvas = try #require(script.canvas)
        #expect(canvas.width == 640 && canvas.height == 361 && canvas.scale == 1.5)
        // 361 · 1.5 = 541.5, which rounds to 542.
        #expect(canvas.pixelWidth == 960 && canvas.pixelHeight == 542)
        #expect(canvas.backgroundColor?.components == [0.25, 0.5, 0.75, 1])
        #expect(try ScriptSpec(parsing: #"{"version": 1}"#, file: "s", baseDirectory: URL(fileURLWithPath: "/")).canvas == nil)
    }
}
