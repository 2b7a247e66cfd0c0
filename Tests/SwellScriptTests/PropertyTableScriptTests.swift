import Foundation
import SwellCore
import SwellScript
import TestSupport
import Testing

/// Scripts read every property from the class's property table
/// (docs/library.md#the-property-table): Core Animation's names, Apple's
/// enum names, option sets as lists of names, `null` for nil.
@Suite("scripts: the property table")
struct PropertyTableScriptTests {
    private func script(_ layers: String, events: String = "[]", kinds: [LayerKind] = playerKinds) throws -> ScriptSpec {
        try ScriptSpec(parsing: #"{"version": 1, "layers": [\#(layers)], "events": \#(events)}"#, file: "s.json",
                       baseDirectory: URL(fileURLWithPath: "/"), kinds: kinds)
    }

    @Test("the keys Apple's code sets, that scripts used to refuse")
    func appleKeys() throws {
        let spec = try script(##"""
            {"name": "ring", "type": "shape", "fillColor": null, "strokeColor": null, "backgroundColor": null,
             "borderColor": null, "shadowColor": null, "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"],
             "edgeAntialiasingMask": ["layerTopEdge"], "needsDisplayOnBoundsChange": true, "drawsAsynchronously": true},
            {"name": "g", "class": "CAGradientLayer", "type": "conic", "locations": null},
            {"name": "sparks", "type": "emitter", "emitterShape": "circle", "emitterMode": "outline",
             "renderMode": "additive", "seed": 42, "preservesDepth": true},
            {"name": "t", "type": "text", "allowsFontSubpixelQuantization": true}
            """##)
        let ring = spec.layers[0].properties
        for key in ["fillColor", "strokeColor", "backgroundColor", "borderColor", "shadowColor"] {
            #expect(ring[key] == SceneValue(CGColor?.none), "\(key) is nil")
        }
        #expect(ring["maskedCorners"]?.value as? CACornerMask == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(ring["edgeAntialiasingMask"]?.value as? CAEdgeAntialiasingMask == .layerTopEdge)
        #expect(ring["needsDisplayOnBoundsChange"]?.value as? Bool == true)
        let gradient = spec.layers[1]
        #expect(gradient.type == .gradient)
        #expect(gradient.properties["type"]?.value as? CAGradientLayerType == .conic)
        #expect(gradient.properties["locations"] == SceneValue([CGFloat]?.none))
        let sparks = spec.layers[2].properties
        #expect(sparks["emitterShape"]?.value as? CAEmitterLayerEmitterShape == .circle)
        #expect(sparks["emitterMode"]?.value as? CAEmitterLayerEmitterMode == .outline)
        #expect(sparks["renderMode"]?.value as? CAEmitterLayerRenderMode == .additive)
        #expect(sparks["seed"]?.value as? UInt32 == 42)
        #expect(spec.layers[3].properties["allowsFontSubpixelQuantization"]?.value as? Bool == true)
    }

    @Test("an optional constant is written by its name, or null: compositingFilter")
    func compositingFilter() throws {
        let spec = try script(#"""
            {"name": "a", "type": "layer", "compositingFilter": "CIMultiplyBlendMode"},
            {"name": "b", "type": "layer", "compositingFilter": null}
            """#)
        #expect(spec.layers[0].properties["compositingFilter"]
            == SceneValue(Optional(CACompositingFilter(rawValue: "CIMultiplyBlendMode"))))
        #expect(spec.layers[1].properties["compositingFilter"] == SceneValue(CACompositingFilter?.none))
        let error = try #require(throws: SourceError.self) {
            try script(#"{"name": "a", "type": "layer", "compositingFilter": "multiplyBlend"}"#)
        }
        #expect(error.message == #"unknown compositingFilter "multiplyBlend"; did you mean "multiplyBlendMode"?"#)
    }

    @Test("a LEVEL is written as a number, a percentage or decibels", arguments: [
        (#"0.25"#, 0.25), (#""50%""#, 0.5), (#""-6dB""#, pow(10, -6.0 / 20)),
    ])
    func levels(_ written: String, _ amplitude: Double) throws {
        let spec = try script(#"{"name": "m", "type": "audio", "volume": \#(written)}"#,
                              events: #"[{"at": 1, "layer": "m", "set": {"volume": \#(written)}}]"#)
        #expect(spec.layers[0].properties["volume"] == SceneValue(amplitude))
        #expect(spec.events[0].action == .set(["volume": SceneValue(amplitude)]))
    }

    @Test("names, lists of names and nil are refused where they are wrong", arguments: [
        (#"{"name": "e", "type": "emitter", "emitterShape": ‸"circel"}"#, #"unknown emitterShape "circel"; did you mean "circle"?"#),
        (#"{"name": "e", "type": "emitter", "renderMode": ‸"sideways"}"#,
         #"unknown renderMode "sideways"; use "unordered", "oldestFirst", "oldestLast", "backToFront" or "additive""#),
        (#"{"name": "l", "type": "layer", "maskedCorners": [‸"topLeft"]}"#,
         "unknown maskedCorners member \"topLeft\"; use layerMinXMinYCorner, layerMaxXMinYCorner, layerMinXMaxYCorner, layerMaxXMaxYCorner"),
        (#"{"name": "l", "type": "layer", "opacity": ‸null}"#, #""opacity" must be a number, not null"#),
        (#"{"name": "e", "type": "emitter", "seed": ‸-1}"#, #""seed" must be a whole number from 0 to 4294967295, not -1"#),
        (#"{"name": "g", "type": "gradient", ‸"type": "radial"}"#, #"duplicate key "type" (first at line 1, column 41)"#),
        (#"{"name": "g", "class": ‸"CAGradientLayr"}"#, #"unknown class "CAGradientLayr"; did you mean "CAGradientLayer"?"#),
    ])
    func refusals(_ layer: String, _ message: String) throws {
        let marker = try #require(layer.range(of: "‸"))
        let column = layer.distance(from: layer.startIndex, to: marker.lowerBound) + 1
        let text = layer.replacingCharacters(in: marker, with: "")
        let error = try #require(throws: SourceError.self) { try script(text) }
        #expect(error.message == message)
        // The layer starts at column 27 of the one-line script.
        #expect(error.location?.column == 26 + column)
    }

    @Test("a property a class declares is settable, animatable and checked, with no other edit")
    func aNewClassProperty() throws {
        let kinds = LayerKind.standard + [LayerKind("thermostat", { Thermostat() })]
        let spec = try script(#"{"name": "t", "type": "thermostat", "temperature": 25}"#, events: #"""
            [{"at": 1, "layer": "t", "set": {"temperature": 30}, "duration": 2},
             {"at": 2, "layer": "t", "add": {"type": "basic", "keyPath": "temperature", "toValue": 10}}]
            """#, kinds: kinds)
        #expect(spec.layers[0].properties["temperature"] == 25)
        #expect(spec.events[0].action == .set(["temperature": 30]))
        #expect(spec.layers[0].property(forKeyPath: "temperature")?.declaration.animation == .implicit)
        let error = try #require(throws: SourceError.self) {
            try script(#"{"name": "t", "type": "thermostat", "temperature": 99}"#, kinds: kinds)
        }
        #expect(error.message == #""temperature" must be within -40…60"#)
        #expect(error.location?.column == 78)
    }
}
