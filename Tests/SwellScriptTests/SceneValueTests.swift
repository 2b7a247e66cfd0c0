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
            """, file: "scene.json", baseDirectory: URL(fileURLWithPath: "/"), kinds: playerKinds)
        let canvas = try #require(script.canvas)
        #expect(canvas.width == 640 && canvas.height == 361 && canvas.scale == 1.5)
        // 361 · 1.5 = 541.5, which rounds to 542.
        #expect(canvas.pixelWidth == 960 && canvas.pixelHeight == 542)
        #expect(canvas.backgroundColor?.components == [0.25, 0.5, 0.75, 1])
        #expect(try ScriptSpec(parsing: #"{"version": 1}"#, file: "s", baseDirectory: URL(fileURLWithPath: "/"), kinds: playerKinds).canvas == nil)
    }
}

/// Visual layers in a script (docs/scripts.md#visual-layers): each type
/// makes its Core Animation class, and every property value is read in its
/// property's type, checked where it is written.
@Suite("scene values: visual layers")
struct VisualLayerTests {
    private func script(_ layers: String) throws -> ScriptSpec {
        try ScriptSpec(parsing: #"{"version": 1, "canvas": {"width": 100, "height": 80}, "layers": [\#(layers)]}"#,
                       file: "scene.json", baseDirectory: URL(fileURLWithPath: "/"), kinds: playerKinds)
    }

    @Test("each visual type names its class", arguments: [
        ("shape", "CAShapeLayer"), ("text", "CATextLayer"), ("gradient", "CAGradientLayer"),
        ("replicator", "CAReplicatorLayer"), ("transformLayer", "CATransformLayer"), ("scroll", "CAScrollLayer"),
        ("tiled", "CATiledLayer"), ("emitter", "CAEmitterLayer"),
    ])
    func classes(type: String, className: String) throws {
        let spec = try #require(try script(#"{"name": "a", "type": "\#(type)"}"#).layers.first)
        #expect(String(describing: spec.type.layerClass) == className)
    }

    @Test("values in their properties' types: colours, SVG paths, points, rectangles, key paths, names, numbers")
    func typedValues() throws {
        let spec = try #require(try script(##"""
            {"name": "ring", "type": "shape", "path": "M 0 0 L 10 0 L 10 10 Z", "fillColor": "#ff000080",
             "strokeColor": [0, 0, 1, 1], "lineWidth": 4, "position": [50, 40], "bounds": [0, 0, 10, 10],
             "fillRule": "evenOdd", "lineDashPattern": [4, 2], "transform.rotation.z": 0.5, "beginTime": 1}
            """##).layers.first)
        let d = spec.properties
        #expect((d["path"]?.value as? PathValue?)??.elements.count == 4)
        #expect((d["fillColor"]?.value as? CGColor?)??.alpha == 128.0 / 255)
        #expect((d["strokeColor"]?.value as? CGColor?)??.components == [0, 0, 1, 1])
        #expect(d["lineWidth"]?.value as? CGFloat == 4)
        #expect(d["position"]?.value as? CGPoint == CGPoint(x: 50, y: 40))
        #expect(d["bounds"]?.value as? CGRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect((d["fillRule"]?.value as? CAShapeLayerFillRule) == .evenOdd)
        #expect(d["transform.rotation.z"]?.value as? Double == 0.5)
        #expect(spec.properties["beginTime"]?.value as? Double == 1)
        // Events may animate the class's numeric properties.
        #expect(["strokeEnd", "lineWidth", "opacity"].allSatisfy { spec.property(forKeyPath: $0)?.isAnimatable == true })
    }

    @Test("a misspelt property, a wrong value, a malformed path: one line at its place", arguments: [
        (##"{"name": "a", "type": "shape", "fillColour": "#fff"}"##, "a shape layer has no property \"fillColour\"; did you mean \"fillColor\"?"),
        (#"{"name": "a", "type": "shape", "lineWidth": "wide"}"#, "\"lineWidth\" must be a number, not \"wide\""),
        (#"{"name": "a", "type": "shape", "position": [1, 2, 3]}"#, "\"position\" must be a point, [x, y], not an array"),
        (#"{"name": "a", "type": "shape", "path": "M 0 0 Q 1"}"#,
         "\"path\": invalid path \"M 0 0 Q 1\": the path data ends where a number is expected at character 10"),
        (#"{"name": "a", "type": "gradient", "transform": [1, 0, 0]}"#, "\"transform\" must be 16 numbers, m11 … m44 row by row"),
    ])
    func rejects(layer: String, message: String) {
        do {
            _ = try script(layer)
            Issue.record("accepted \(layer)")
        } catch let error as SourceError {
            #expect(error.message == message)
        } catch {
            Issue.record("\(error)")
        }
    }
}
