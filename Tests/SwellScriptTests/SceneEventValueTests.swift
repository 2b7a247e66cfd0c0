import Foundation
import SwellCore
import SwellScript
import Testing

/// Events and animations on a visual layer's keys (docs/scripts.md#events,
/// docs/scripts.md#animation-objects): `set`, `fromValue`, `toValue`,
/// `byValue` and `values` are read in the form the property's declaration
/// takes, the type coming from the layer's class and the key path.
@Suite("scene values: events and animations on visual keys")
struct SceneEventValueTests {
    private func script(events: String, images: ImageReader? = nil) throws -> ScriptSpec {
        try ScriptSpec(parsing: ##"""
            {"version": 1, "canvas": {"width": 100, "height": 80},
             "layers": [{"name": "box", "type": "shape", "path": "M 0 0 H 10 V 10 H 0 Z"},
                        {"name": "music", "type": "audio", "file": "a.wav"}],
             "events": [\##(events)]}
            """##, file: "scene.json", baseDirectory: URL(fileURLWithPath: "/scenes"), kinds: playerKinds, images: images)
    }

    private func set(_ values: String) throws -> [String: SceneValue] {
        guard case .set(let set) = try script(events: ##"{"at": 0, "layer": "box", "set": \##(values)}"##).events[0].action else {
            throw Failure("not a set")
        }
        return set
    }

    private func animation(_ object: String) throws -> AnimationSpec.Content {
        guard case .add(let spec, _) = try script(events: ##"{"at": 0, "layer": "box", "add": \##(object)}"##).events[0].action else {
            throw Failure("not an add")
        }
        return spec.content
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("set: a colour, a path, a point, a size and rotation key paths, in their properties' types")
    func setValues() throws {
        let values = try set(##"""
            {"fillColor": "#0000ff", "path": "M 0 0 L 5 5", "position": [20, 30], "bounds.size": [12, 8],
             "transform.rotation.z": 0.25, "position.x": 7, "lineDashPattern": [3, 1]}
            """##)
        #expect((values["fillColor"]?.value as? CGColor?)??.components == [0, 0, 1, 1])
        #expect((values["path"]?.value as? PathValue?)??.elements.count == 2)
        #expect(values["position"]?.value as? CGPoint == CGPoint(x: 20, y: 30))
        #expect(values["bounds.size"]?.value as? CGSize == CGSize(width: 12, height: 8))
        #expect(values["transform.rotation.z"]?.value as? Double == 0.25)
        #expect(values["position.x"]?.value as? Double == 7)
        #expect((values["lineDashPattern"]?.value as? [CGFloat]?) == [3, 1])
    }

    @Test("an audio layer's set stays numbers")
    func audioSet() throws {
        let action = try script(events: ##"{"at": 0, "layer": "music", "set": {"volume": 0.5, "pan": -1}}"##).events[0].action
        #expect(action == .set(["volume": 0.5, "pan": -1]))
    }

    @Test("basic: colours from and to; spring: points; byValue a point")
    func basicValues() throws {
        guard case .basic(let basic) = try animation(
            ##"{"type": "basic", "keyPath": "fillColor", "fromValue": "#ff0000", "toValue": [0, 0, 1, 0.5]}"##)
        else { throw Failure("not basic") }
        #expect((basic.fromValue?.value as? CGColor?)??.components == [1, 0, 0, 1])
        #expect((basic.toValue?.value as? CGColor?)??.components == [0, 0, 1, 0.5])

        guard case .spring(let spring) = try animation(
            ##"{"type": "spring", "keyPath": "position", "fromValue": [0, 0], "byValue": [10, -4], "damping": 5}"##)
        else { throw Failure("not a spring") }
        #expect(spring.basic.fromValue?.value as? CGPoint == CGPoint(x: 0, y: 0))
        #expect(spring.basic.byValue?.value as? CGPoint == CGPoint(x: 10, y: -4))
    }

    @Test("keyframe values: transforms as 16 numbers, rectangles, paths; and a point along a path")
    func keyframeValues() throws {
        guard case .keyframe(let transforms) = try animation(##"""
            {"type": "keyframe", "keyPath": "transform",
             "values": [[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], [2,0,0,0, 0,2,0,0, 0,0,1,0, 5,6,0,1]]}
            """##) else { throw Failure("not keyframe") }
        let second = try #require(transforms.values[1].value as? CATransform3D)
        #expect(second.m11 == 2 && second.m22 == 2 && second.m41 == 5 && second.m42 == 6)

        guard case .keyframe(let bounds) = try animation(
            ##"{"type": "keyframe", "keyPath": "bounds", "values": [[0, 0, 10, 10], [0, 0, 30, 20]]}"##)
        else { throw Failure("not keyframe") }
        #expect(bounds.values.map { $0.value as? CGRect } == [CGRect(x: 0, y: 0, width: 10, height: 10),
                                                              CGRect(x: 0, y: 0, width: 30, height: 20)])

        guard case .keyframe(let paths) = try animation(
            ##"{"type": "keyframe", "keyPath": "path", "values": ["M 0 0 L 1 1", "M 0 0 L 2 2 L 3 3"]}"##)
        else { throw Failure("not keyframe") }
        #expect(paths.values.map { ($0.value as? PathValue?)??.elements.count } == [2, 3])

        guard case .keyframe(let along) = try animation(##"""
            {"type": "keyframe", "keyPath": "position", "path": "M 10 10 L 90 10 L 90 70",
             "rotationMode": "auto", "keyTimes": [0, 0.25, 1], "calculationMode": "paced"}
            """##) else { throw Failure("not keyframe") }
        #expect(along.path?.elements.count == 3 && along.values.isEmpty && along.rotationMode == .auto)
        let made = try #require(AnimationSpec(.keyframe(along), location: SourceLocation(line: 1, column: 1))
            .makeAnimation() as? CAKeyframeAnimation)
        #expect(made.path == along.path && made.values == nil && made.rotationMode == .rotateAuto)
    }

    @Test("a generic layer: CALayer's properties in their forms, other numbers dynamic properties")
    func genericLayer() throws {
        let spec = try ScriptSpec(parsing: ##"""
            {"version": 1,
             "layers": [{"name": "card", "type": "layer", "backgroundColor": "#ff0000", "cornerRadius": 4,
                         "bounds.size": [20, 10], "time": 0, "volume": 0.5}],
             "events": [{"at": 0, "set": {"backgroundColor": [0, 0, 1, 1], "time": 2, "opacity": 0.5}},
                        {"at": 0, "add": {"type": "basic", "keyPath": "borderColor", "toValue": "#00ff00"}},
                        {"at": 0, "add": {"type": "basic", "keyPath": "time", "toValue": 3}}]}
            """##, file: "scene.json", baseDirectory: URL(fileURLWithPath: "/"), kinds: playerKinds)
        let card = spec.layers[0]
        #expect((card.properties["backgroundColor"]?.value as? CGColor?)??.components == [1, 0, 0, 1])
        #expect(card.properties["cornerRadius"]?.value as? CGFloat == 4)
        #expect(card.properties["bounds.size"]?.value as? CGSize == CGSize(width: 20, height: 10))
        #expect(card.properties["time"] == 0 && card.properties["volume"] == 0.5 && card.declaredKeys == ["time"])
        guard case .set(let set) = spec.events[0].action else { throw Failure("not a set") }
        #expect((set["backgroundColor"]?.value as? CGColor?)??.components == [0, 0, 1, 1])
        #expect(set["time"] == 2 && set["opacity"]?.value as? Float == 0.5)
        guard case .add(let border, _) = spec.events[1].action, case .basic(let basic) = border.content,
              case .add(let time, _) = spec.events[2].action, case .basic(let timeBasic) = time.content
        else { throw Failure("not two basic animations") }
        #expect((basic.toValue?.value as? CGColor?)??.components == [0, 1, 0, 1])
        #expect(timeBasic.toValue == 3)

        do {
            _ = try ScriptSpec(parsing: ##"{"version": 1, "layers": [{"name": "a", "type": "layer", "backgroundColour": "#ff0000"}]}"##,
                               file: "scene.json", baseDirectory: URL(fileURLWithPath: "/"), kinds: playerKinds)
            Issue.record("accepted a misspelt property")
        } catch {
            #expect(error.message == #"a generic layer has no property "backgroundColour"; did you mean "backgroundColor"?"#)
            #expect(error.location == SourceLocation(line: 1, column: 58))
        }
    }

    @Test("image contents: the path resolved against the script's directory, the image from the reader")
    func contents() throws {
        let red = try #require(CGImage(width: 1, height: 1, pixels: [255, 0, 0, 255]))
        let reader = ImageReader { path in
            guard path == "/scenes/images/red.png" else { throw Failure("cannot read image \(path): no such file") }
            return red
        }
        let spec = try ScriptSpec(parsing: #"""
            {"version": 1, "canvas": {"width": 10, "height": 10},
             "layers": [{"name": "photo", "type": "shape", "contents": "images/red.png", "contentsGravity": "center"}],
             "events": [{"at": 1, "layer": "photo", "set": {"contents": "../scenes/images/./red.png"}}]}
            """#, file: "scene.json", baseDirectory: URL(fileURLWithPath: "/scenes", isDirectory: true), kinds: playerKinds, images: reader)
        #expect(spec.layers[0].properties["contents"]?.value as? CGImage == red)
        #expect(spec.events[0].action == .set(["contents": SceneValue(red)]))
    }

    @Test("wrong values are reported where they are written", arguments: [
        (##"{"at": 0, "layer": "box", "set": {"fillColor": ‸"#ff00"}}"##,
         ##""fillColor": invalid colour "#ff00": expected "#rrggbb" or "#rrggbbaa" in hexadecimal, or [r, g, b, a] in 0…1"##),
        (##"{"at": 0, "layer": "box", "set": {‸"fillColour": "#ff0000"}}"##,
         ##"layer "box" has no property "fillColour"; did you mean "fillColor"?"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": "position", "toValue": ‸[1, 2, 3]}}"##,
         ##""toValue" must be a point, [x, y], not an array"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "path", "values": ["M 0 0", ‸"M 0 0 Q 1"]}}"##,
         ##""values": invalid path "M 0 0 Q 1": the path data ends where a number is expected at character 10"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "basic", "keyPath": ‸"fillColr", "toValue": "#fff"}}"##,
         ##"layer "box" has no animatable property "fillColr"; did you mean "fillColor"?"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "opacity", ‸"path": "M 0 0 L 1 1"}}"##,
         ##""path" moves a point along it; "opacity" is not a point property"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 1 1", ‸"values": [[0, 0]]}}"##,
         ##""values" cannot be combined with "path", which replaces the values"##),
        (##"{"at": 0, "layer": "box", "add": {"type": "keyframe", "keyPath": "position", "values": [[0, 0]], ‸"rotationMode": "auto"}}"##,
         ##""rotationMode" turns a layer along a "path"; this animation has none"##),
        (##"{"at": 0, "layer": "box", "set": {"contents": ‸"a.png"}}"##,
         ##"image "contents" cannot be read here: no image reader was given"##),
        (##"{"at": 0, "layer": "music", "add": {"type": "basic", "keyPath": "pan", "toValue": ‸"#ffffff"}}"##,
         ##""toValue" must be a number, not "#ffffff""##),
        (##"{"at": 0, "layer": "music", "add": {"type": "basic", "keyPath": "volume", "toValue": ‸"#ffffff"}}"##,
         ##""toValue": invalid level "#ffffff": expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"##),
    ])
    func rejects(event: String, message: String) throws {
        let marked = try #require(event.range(of: "‸"))
        do {
            _ = try script(events: event.replacingCharacters(in: marked, with: ""))
            Issue.record("accepted \(event)")
        } catch let error as SourceError {
            #expect(error.message == message)
            // The event is on line 4, after `"events": [`.
            let column = event[..<marked.lowerBound].unicodeScalars.count + ##" "events": ["##.count + 1
            #expect(error.location == SourceLocation(line: 4, column: column), "\(error)")
        }
    }
}
