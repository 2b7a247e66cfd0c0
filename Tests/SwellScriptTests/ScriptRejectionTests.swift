import Foundation
import Testing
import SwellScript

/// One validation rule: a script with the offending token marked by `‸`
/// and the exact message expected there.
struct ScriptRejection: CustomTestStringConvertible, Sendable {
    let rule: String
    let marked: String
    let message: String

    init(_ rule: String, _ marked: String, _ message: String) {
        self.rule = rule
        self.marked = marked
        self.message = message
    }

    var testDescription: String { rule }
}

/// A script with layers `bus` (generic), `music` (audio, under `bus`) and
/// `card` (mixer) and the given events.
private func withEvents(_ events: String) -> String {
    """
    {"version": 1,
     "layers": [
      {"name": "bus", "type": "layer"},
      {"name": "music", "type": "audio", "file": "song.flac", "parent": "bus"},
      {"name": "card", "type": "mixer"}
     ],
     "events": [
      \(events)
     ]}
    """
}

private func withLayers(_ layers: String) -> String {
    """
    {"version": 1,
     "layers": [
      \(layers)
     ]}
    """
}

/// An event at 0 adding `animation` to `music`.
private func withAnimation(_ animation: String) -> String {
    withEvents(#"{"at": 0, "layer": "music", "add": \#(animation)}"#)
}

private func keyframe(_ keys: String) -> String {
    withAnimation(#"{"type": "keyframe", "keyPath": "volume", \#(keys)}"#)
}

@Suite("Script validation")
struct ScriptRejectionTests {
    static let documentRules: [ScriptRejection] = [
        .init("the script is an object", "‸[1]", "the script must be an object, not an array"),
        .init("version is required", #"‸{"layers": [{"name": "a", "type": "layer"}]}"#,
              "missing required key \"version\" in the script"),
        .init("version is 1", #"{"version": ‸2, "future": true}"#,
              "unsupported script version 2; this swell reads version 1"),
        .init("version is exactly 1", #"{"version": ‸1.5}"#,
              "unsupported script version 1.5; this swell reads version 1"),
        .init("version is a number", #"{"version": ‸"1"}"#, "\"version\" must be a number, not a string"),
        .init("unknown top-level key, suggested", #"{"version": 1, ‸"event": []}"#,
              "unknown key \"event\" in the script; did you mean \"events\"?"),
        .init("unknown top-level key, listed", #"{"version": 1, ‸"author": "me"}"#,
              "unknown key \"author\" in the script; valid keys are version, sampleRate, canvas, layers, events"),
        .init("sampleRate is whole", #"{"version": 1, "sampleRate": ‸44100.5}"#,
              "\"sampleRate\" must be a whole number of frames per second, at least 1"),
        .init("sampleRate is positive", #"{"version": 1, "sampleRate": ‸0}"#,
              "\"sampleRate\" must be a whole number of frames per second, at least 1"),
        .init("layers is an array", #"{"version": 1, "layers": ‸{}}"#, "\"layers\" must be an array, not an object"),
        .init("layers is not empty", #"{"version": 1, "layers": ‸[]}"#,
              "\"layers\" must declare at least one layer; leave it out for one generic layer named \"main\""),
        .init("events is an array", #"{"version": 1, "events": ‸"later"}"#, "\"events\" must be an array, not a string"),
        .init("JSON syntax", #"{"version": 1, "events": [{"at": 0, "set": {"volume": 1}} ‸{"at": 1}]}"#,
              "expected ',' or ']' after array element, found '{'"),
    ]

    static let canvasRules: [ScriptRejection] = [
        .init("canvas is an object", #"{"version": 1, "canvas": ‸[640, 360]}"#, "canvas must be an object, not an array"),
        .init("width is required", #"{"version": 1, "canvas": ‸{"height": 360}}"#, "missing required key \"width\" in canvas"),
        .init("width is whole", #"{"version": 1, "canvas": {"width": ‸640.5, "height": 360}}"#,
              "\"width\" must be a whole number of points from 1 to 16384"),
        .init("height fits", #"{"version": 1, "canvas": {"width": 640, "height": ‸20000}}"#,
              "\"height\" must be a whole number of points from 1 to 16384"),
        .init("scale is positive", #"{"version": 1, "canvas": {"width": 640, "height": 360, "scale": ‸0}}"#,
              "\"scale\" must be a positive number of pixels per point"),
        .init("scaled canvas fits", #"{"version": 1, "canvas": {"width": 10000, "height": 360, "scale": ‸2}}"#,
              "the canvas would be 20000 pixels on a side; at most 16384 are drawn"),
        // The renderer rounds a fraction of a pixel up: 8192 × 2.00005 is
        // 16,384.4 pixels, drawn as 16,385, and refused here, where it is
        // written, not when the frames are drawn.
        .init("a fraction of a pixel counts", #"{"version": 1, "canvas": {"width": 8192, "height": 10, "scale": ‸2.00005}}"#,
              "the canvas would be 16385 pixels on a side; at most 16384 are drawn"),
        .init("hex colour", ##"{"version": 1, "canvas": {"width": 64, "height": 36, "backgroundColor": ‸"#12345"}}"##,
              "\"backgroundColor\": invalid colour \"#12345\": expected \"#rrggbb\" or \"#rrggbbaa\" in hexadecimal, or [r, g, b, a] in 0…1"),
        .init("component colour", #"{"version": 1, "canvas": {"width": 64, "height": 36, "backgroundColor": ‸[1, 0, 0]}}"#,
              "\"backgroundColor\": invalid colour \"[1.0, 0.0, 0.0]\": expected four components r, g, b, a, each in 0…1"),
        .init("colour kind", #"{"version": 1, "canvas": {"width": 64, "height": 36, "backgroundColor": ‸1}}"#,
              "\"backgroundColor\" must be a colour, \"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a], not a number"),
        .init("unknown canvas key", ##"{"version": 1, "canvas": {"width": 64, "height": 36, ‸"colour": "#fff"}}"##,
              "unknown key \"colour\" in canvas; valid keys are width, height, scale, backgroundColor"),
    ]

    static let layerRules: [ScriptRejection] = [
        .init("a layer is an object", withLayers(#"‸"bus""#), "layer must be an object, not a string"),
        .init("name is required", withLayers(#"‸{"type": "layer"}"#), "missing required key \"name\" in layer"),
        .init("name is a string", withLayers(#"{"name": ‸3, "type": "layer"}"#), "\"name\" must be a string, not a number"),
        .init("name has no dot", withLayers(#"{"name": ‸"a.b", "type": "layer"}"#),
              "layer names must be non-empty and without '.', which separates LAYER.KEYPATH"),
        .init("name is not empty", withLayers(#"{"name": ‸"", "type": "layer"}"#),
              "layer names must be non-empty and without '.', which separates LAYER.KEYPATH"),
        .init("type is required", withLayers(#"‸{"name": "a"}"#), "missing required key \"type\" in layer \"a\""),
        .init("type is known", withLayers(#"{"name": "a", "type": ‸"audi"}"#),
              "unknown type \"audi\"; did you mean \"audio\"?"),
        .init("unknown key on an audio layer", withLayers(#"{"name": "a", "type": "audio", ‸"flie": "x.wav"}"#),
              "unknown key \"flie\" in layer \"a\"; did you mean \"file\"?"),
        .init("key of another layer type", withLayers(#"{"name": "a", "type": "audio", ‸"control": "Master"}"#),
              "\"control\" is not a key of an audio layer; mixer layers have it"),
        .init("audio key on a generic layer", withLayers(#"{"name": "a", "type": "layer", ‸"file": "x.wav"}"#),
              "\"file\" is not a key of a generic layer; audio layers and video layers have it"),
        .init("device on a generic layer", withLayers(#"{"name": "a", "type": "layer", ‸"device": "hw:0"}"#),
              "\"device\" is not a key of a generic layer; audio layers and mixer layers have it"),
        .init("dynamic property is a number", withLayers(#"{"name": "clock", "type": "layer", "time": ‸"0"}"#),
              "\"time\" must be a number, not a string; extra keys of a generic layer declare numeric properties"),
        .init("misspelt key on a generic layer", withLayers(#"{"name": "a", "type": "layer", ‸"parnet": "b"}"#),
              "unknown key \"parnet\" in layer \"a\"; did you mean \"parent\"?"),
        .init("misspelt numeric key on a generic layer", withLayers(#"{"name": "a", "type": "layer", ‸"volme": 0.5}"#),
              "a generic layer has no property \"volme\"; did you mean \"volume\"?"),
        .init("misspelt numeric CALayer property on a generic layer",
              withLayers(#"{"name": "a", "type": "layer", ‸"opactiy": 0.5}"#),
              "a generic layer has no property \"opactiy\"; did you mean \"opacity\"?"),
        .init("dynamic property names are identifiers", withLayers(#"{"name": "a", "type": "layer", ‸"2x": 1}"#),
              "property name \"2x\" must be letters, digits and '_', not starting with a digit"),
        .init("parent exists",
              withLayers(#"{"name": "bus", "type": "layer"}, {"name": "m", "type": "audio", "parent": ‸"bsu"}"#),
              "unknown parent layer \"bsu\"; did you mean \"bus\"?"),
        .init("parent is a string", withLayers(#"{"name": "a", "type": "layer", "parent": ‸1}"#),
              "\"parent\" must be a string, not a number"),
        .init("a layer is not its own parent", withLayers(#"{"name": "a", "type": "layer", "parent": ‸"a"}"#),
              "layer \"a\" cannot be its own parent"),
        .init("parents form no cycle",
              withLayers(
                #"{"name": "a", "type": "layer", "parent": ‸"c"}, {"name": "b", "type": "layer", "parent": "a"}, {"name": "c", "type": "layer", "parent": "b"}"#
              ),
              "layers \"a\" → \"c\" → \"b\" → \"a\" form a cycle; a layer cannot be its own ancestor"),
        .init("volume is not negative", withLayers(#"{"name": "a", "type": "audio", "volume": ‸-0.5}"#),
              "\"volume\" must not be negative; it is a linear amplitude"),
        .init("pan is within -1…1", withLayers(#"{"name": "a", "type": "audio", "pan": ‸1.5}"#),
              "\"pan\" must be within -1…1"),
        .init("taper is known", withLayers(#"{"name": "a", "type": "audio", "taper": ‸"log"}"#),
              "unknown taper \"log\"; use \"linear\", \"cubic\" or \"decibels(FLOOR)\" with FLOOR in dB below 0, e.g. \"decibels(-60)\""),
        .init("taper floor is below 0", withLayers(#"{"name": "a", "type": "audio", "taper": ‸"decibels(0)"}"#),
              "unknown taper \"decibels(0)\"; use \"linear\", \"cubic\" or \"decibels(FLOOR)\" with FLOOR in dB below 0, e.g. \"decibels(-60)\""),
        .init("file is not empty", withLayers(#"{"name": "a", "type": "audio", "file": ‸""}"#),
              "\"file\" must not be empty"),
        .init("control is a string", withLayers(#"{"name": "a", "type": "mixer", "control": ‸0}"#),
              "\"control\" must be a string, not a number"),
        .init("speed is a number", withLayers(#"{"name": "a", "type": "layer", "speed": ‸true}"#),
              "\"speed\" must be a number, not a boolean"),
        .init("speed fits a Float", withLayers(#"{"name": "a", "type": "layer", "speed": ‸1e39}"#),
              "\"speed\" is too large"),
    ]

    static let eventRules: [ScriptRejection] = [
        .init("an event is an object", withEvents("‸[]"), "event must be an object, not an array"),
        .init("at is required", withEvents(#"‸{"set": {"volume": 1}}"#), "missing required key \"at\" in event"),
        .init("at is not negative", withEvents(#"{"at": ‸-1, "set": {"volume": 1}}"#),
              "\"at\" must not be negative; events run at seconds from the start"),
        .init("at is a number", withEvents(#"{"at": ‸"1s", "set": {"volume": 1}}"#), "\"at\" must be a number, not a string"),
        .init("unknown event key", withEvents(#"{"at": 0, "set": {"volume": 1}, ‸"duraton": 2}"#),
              "unknown key \"duraton\" in event; did you mean \"duration\"?"),
        .init("layer exists", withEvents(#"{"at": 0, "layer": ‸"musik", "set": {"volume": 1}}"#),
              "unknown layer \"musik\"; did you mean \"music\"?"),
        .init("an action is required", withEvents(#"‸{"at": 0, "layer": "music"}"#),
              "event needs one of \"set\", \"add\", \"remove\" or \"automate\""),
        .init("set and add are exclusive",
              withEvents(#"{"at": 0, "set": {"volume": 1}, ‸"add": {"type": "basic", "keyPath": "volume"}}"#),
              "\"add\" cannot be combined with \"set\" in one event; use one event for each"),
        .init("remove and set are exclusive", withEvents(#"{"at": 0, "remove": "*", ‸"set": {"volume": 1}}"#),
              "\"set\" cannot be combined with \"remove\" in one event; use one event for each"),
        .init("key belongs to add", withEvents(#"{"at": 0, ‸"key": "k", "set": {"volume": 1}}"#),
              "\"key\" names the animation of an \"add\"; this event has none"),
        .init("key is not *", withEvents(#"{"at": 0, "key": ‸"*", "add": {"type": "basic", "keyPath": "volume"}}"#),
              "\"key\" must be a non-empty name other than \"*\""),
        .init("set is an object", withEvents(#"{"at": 0, "set": ‸1}"#), "\"set\" must be an object, not a number"),
        .init("set is not empty", withEvents(#"{"at": 0, "set": ‸{}}"#), "\"set\" must name at least one property"),
        .init("set names a property of the layer", withEvents(#"{"at": 0, "layer": "music", "set": {‸"volum": 1}}"#),
              "layer \"music\" has no property \"volum\"; did you mean \"volume\"?"),
        .init("set names a declared dynamic property", withEvents(#"{"at": 0, "layer": "bus", "set": {‸"tempo": 1}}"#),
              "layer \"bus\" has no property \"tempo\" (declare it on the layer with an initial number)"),
        .init("mixer layers have no pan", withEvents(#"{"at": 0, "layer": "card", "set": {‸"pan": 0}}"#),
              "layer \"card\" has no property \"pan\""),
        .init("set values are numbers", withEvents(#"{"at": 0, "set": {"speed": ‸"fast"}}"#),
              "\"speed\" must be a number, not \"fast\""),
        .init("a level is a LEVEL", withEvents(#"{"at": 0, "set": {"volume": ‸"loud"}}"#),
              "\"volume\": invalid level \"loud\": expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        .init("set volume is not negative", withEvents(#"{"at": 0, "set": {"volume": ‸-1}}"#),
              "\"volume\" must not be negative; it is a linear amplitude"),
        .init("set pan is within -1…1", withEvents(#"{"at": 0, "layer": "music", "set": {"pan": ‸-2}}"#),
              "\"pan\" must be within -1…1"),
        .init("duration is not negative", withEvents(#"{"at": 0, "set": {"volume": 1}, "duration": ‸-2}"#),
              "\"duration\" must not be negative"),
        .init("timing function name", withEvents(#"{"at": 0, "set": {"volume": 1}, "timingFunction": ‸"easein"}"#),
              "invalid timing function \"easein\": unknown name; did you mean \"easeIn\"?"),
        .init("timing function x in 0…1",
              withEvents(#"{"at": 0, "set": {"volume": 1}, "timingFunction": [0, 0, ‸-1, 1]}"#),
              "x2 is -1, outside 0…1; the curve must move forward in time"),
        .init("timing function has four numbers",
              withEvents(#"{"at": 0, "set": {"volume": 1}, "timingFunction": ‸[0, 0, 1]}"#),
              "timing function control points must be four numbers [x1, y1, x2, y2], not 3"),
        .init("timing function control points are numbers",
              withEvents(#"{"at": 0, "set": {"volume": 1}, "timingFunction": [0, ‸"a", 1, 1]}"#),
              "\"timingFunction\" must contain only numbers, not a string"),
        .init("timing function type", withEvents(#"{"at": 0, "set": {"volume": 1}, "timingFunction": ‸5}"#),
              "\"timingFunction\" must be a timing function name or [x1, y1, x2, y2], not a number"),
        .init("disableActions is a boolean", withEvents(#"{"at": 0, "set": {"volume": 1}, "disableActions": ‸"yes"}"#),
              "\"disableActions\" must be true or false, not a string"),
        .init("remove is a string", withEvents(#"{"at": 0, "remove": ‸3}"#), "\"remove\" must be a string, not a number"),
        .init("remove is not empty", withEvents(#"{"at": 0, "remove": ‸""}"#),
              "\"remove\" must name an animation key, or \"*\" for all"),
        .init("remove names an added key",
              withEvents(
                #"{"at": 0, "layer": "music", "key": "tremolo", "add": {"type": "basic", "keyPath": "volume"}}, {"at": 1, "layer": "music", "remove": ‸"tremlo"}"#
              ),
              "no animation or schedule was added under key \"tremlo\" on layer \"music\" before this event; did you mean \"tremolo\"?"),
        .init("remove comes after its add in time",
              withEvents(
                #"{"at": 5, "layer": "music", "key": "k", "add": {"type": "basic", "keyPath": "volume"}}, {"at": 1, "layer": "music", "remove": ‸"k"}"#
              ),
              "no animation or schedule was added under key \"k\" on layer \"music\" before this event"),
        .init("remove targets the layer of the add",
              withEvents(
                #"{"at": 0, "layer": "music", "key": "k", "add": {"type": "basic", "keyPath": "volume"}}, {"at": 1, "layer": "bus", "remove": ‸"k"}"#
              ),
              "no animation or schedule was added under key \"k\" on layer \"bus\" before this event"),
    ]

    static let animationRules: [ScriptRejection] = [
        .init("an animation is an object", withAnimation(#"‸"fade""#), "animation must be an object, not a string"),
        .init("type is required", withAnimation(#"‸{"keyPath": "volume"}"#), "missing required key \"type\" in animation"),
        .init("type is known", withAnimation(#"{"type": ‸"bounce"}"#),
              "unknown type \"bounce\"; use basic, keyframe, group, spring, transition"),
        .init("keyframe key on a basic animation", withAnimation(#"{"type": "basic", "keyPath": "volume", ‸"values": [1]}"#),
              "\"values\" is not a key of a basic animation; keyframe animations have it"),
        .init("spring key on a basic animation", withAnimation(#"{"type": "basic", "keyPath": "volume", ‸"mass": 1}"#),
              "\"mass\" is not a key of a basic animation; spring animations have it"),
        .init("property key on a group",
              withAnimation(#"{"type": "group", ‸"keyPath": "volume", "animations": []}"#),
              "\"keyPath\" is not a key of a group animation; basic animations, keyframe animations and spring animations have it"),
        .init("unknown animation key", withAnimation(#"{"type": "basic", "keyPath": "volume", ‸"durration": 1}"#),
              "unknown key \"durration\" in basic animation; did you mean \"duration\"?"),
        .init("keyPath is required", withAnimation(#"‸{"type": "basic", "toValue": 1}"#),
              "missing required key \"keyPath\" in basic animation"),
        .init("keyPath names an animatable property", withAnimation(#"{"type": "basic", "keyPath": ‸"volum"}"#),
              "layer \"music\" has no animatable property \"volum\"; did you mean \"volume\"?"),
        .init("keyPath is not a timing key", withAnimation(#"{"type": "basic", "keyPath": ‸"speed"}"#),
              "\"speed\" is a timing key of the layer; it retimes and cannot be animated (use \"set\")"),
        .init("keyPath has no components", withAnimation(#"{"type": "basic", "keyPath": ‸"pan.x"}"#),
              "layer \"music\" has no animatable property \"pan.x\""),
        .init("keyPath is not a setting", withAnimation(#"{"type": "basic", "keyPath": ‸"taper"}"#),
              "layer \"music\" has no animatable property \"taper\""),
        .init("at most two of from, to and by",
              withAnimation(#"{"type": "basic", "keyPath": "volume", "fromValue": 0, "toValue": 1, ‸"byValue": 0.5}"#),
              "at most two of \"fromValue\", \"toValue\" and \"byValue\" may be set"),
        .init("fromValue is a number", withAnimation(#"{"type": "basic", "keyPath": "volume", "fromValue": ‸true}"#),
              "\"fromValue\" must be a number, not a boolean"),
        .init("duration is not negative", withAnimation(#"{"type": "basic", "keyPath": "volume", "duration": ‸-0.5}"#),
              "\"duration\" must not be negative"),
        .init("repeatCount is not negative", withAnimation(#"{"type": "basic", "keyPath": "volume", "repeatCount": ‸-1}"#),
              "\"repeatCount\" must not be negative"),
        .init("repeatCount is a number or infinity",
              withAnimation(#"{"type": "basic", "keyPath": "volume", "repeatCount": ‸"forever"}"#),
              "\"repeatCount\" must be a number or \"infinity\", not a string"),
        .init("repeatCount fits a Float", withAnimation(#"{"type": "basic", "keyPath": "volume", "repeatCount": ‸1e39}"#),
              "\"repeatCount\" is too large; write \"infinity\" to repeat forever"),
        .init("repeatCount or repeatDuration",
              withAnimation(#"{"type": "basic", "keyPath": "volume", "repeatCount": 2, ‸"repeatDuration": 3}"#),
              "set \"repeatCount\" or \"repeatDuration\", not both; Core Animation leaves the combination undefined"),
        .init("repeatDuration is not negative",
              withAnimation(#"{"type": "basic", "keyPath": "volume", "repeatDuration": ‸-3}"#),
              "\"repeatDuration\" must not be negative"),
        .init("speed fits a Float", withAnimation(#"{"type": "basic", "keyPath": "volume", "speed": ‸-1e39}"#),
              "\"speed\" is too large"),
        .init("fillMode is known", withAnimation(#"{"type": "basic", "keyPath": "volume", "fillMode": ‸"forward"}"#),
              "unknown fillMode \"forward\"; did you mean \"forwards\"?"),
        .init("autoreverses is a boolean", withAnimation(#"{"type": "basic", "keyPath": "volume", "autoreverses": ‸1}"#),
              "\"autoreverses\" must be true or false, not a number"),
        .init("calculationMode is known", keyframe(#""values": [1], "calculationMode": ‸"cubicpaced""#),
              "unknown calculationMode \"cubicpaced\"; did you mean \"cubicPaced\"?"),
        .init("values are required", withAnimation(#"‸{"type": "keyframe", "keyPath": "volume"}"#),
              "missing required key \"values\" in keyframe animation"),
        .init("values are not empty", keyframe(#""values": ‸[]"#), "\"values\" must contain at least one value"),
        .init("values are numbers", keyframe(#""values": [1, ‸null]"#), "\"values\" must contain only numbers, not null"),
        .init("keyTimes do not decrease", keyframe(#""values": [0, 1, 0], "keyTimes": [0, 0.6, ‸0.4]"#),
              "\"keyTimes\" must not decrease: 0.4 follows 0.6"),
        .init("keyTimes are within 0…1", keyframe(#""values": [0, 1, 0], "keyTimes": [0, ‸1.5, 1]"#),
              "\"keyTimes\" entries must be within 0…1, not 1.5"),
        .init("keyTimes are numbers", keyframe(#""values": [0, 1], "keyTimes": [0, ‸"1"]"#),
              "\"keyTimes\" must contain only numbers, not a string"),
        .init("one key time per value", keyframe(#""values": [0, 1, 0], "keyTimes": ‸[0, 1]"#),
              "calculationMode linear needs one key time per value, 3 for 3 values, not 2"),
        .init("discrete key time count",
              keyframe(#""values": [0, 1, 0], "calculationMode": "discrete", "keyTimes": ‸[0, 0.2, 0.4, 0.6, 1]"#),
              "calculationMode discrete needs one key time per value or one more, 3 or 4 for 3 values, not 5"),
        .init("first key time is 0", keyframe(#""values": [0, 1, 0], "keyTimes": [‸0.1, 0.5, 1]"#),
              "the first key time must be 0 for calculationMode linear"),
        .init("last key time is 1", keyframe(#""values": [0, 1, 0], "calculationMode": "cubic", "keyTimes": [0, 0.5, ‸0.9]"#),
              "the last key time must be 1 for calculationMode cubic"),
        .init("discrete extra key time ends at 1",
              keyframe(#""values": [0, 1, 0], "calculationMode": "discrete", "keyTimes": [0, 0.3, 0.6, ‸0.9]"#),
              "the last key time must be 1 for calculationMode discrete"),
        .init("one timing function per segment", keyframe(#""values": [0, 1, 0], "timingFunctions": ‸["easeIn"]"#),
              "\"timingFunctions\" needs one timing function per segment, 2 for 3 values, not 1"),
        .init("timing functions are valid", keyframe(#""values": [0, 1, 0], "timingFunctions": ["easeIn", ‸"easOut"]"#),
              "invalid timing function \"easOut\": unknown name; did you mean \"easeOut\"?"),
        .init("one tension value per value", keyframe(#""values": [0, 1], "tensionValues": ‸[0]"#),
              "\"tensionValues\" needs one number per value, 2 for 2 values, not 1"),
        .init("one bias value per value", keyframe(#""values": [0], "biasValues": ‸[0, 1]"#),
              "\"biasValues\" needs one number per value, 1 for 1 value, not 2"),
        .init("mass is positive", withAnimation(#"{"type": "spring", "keyPath": "volume", "mass": ‸0}"#),
              "\"mass\" must be greater than 0"),
        .init("stiffness is positive", withAnimation(#"{"type": "spring", "keyPath": "volume", "stiffness": ‸-5}"#),
              "\"stiffness\" must be greater than 0"),
        .init("damping is not negative", withAnimation(#"{"type": "spring", "keyPath": "volume", "damping": ‸-1}"#),
              "\"damping\" must not be negative"),
        .init("a group has animations", withAnimation(#"‸{"type": "group"}"#),
              "missing required key \"animations\" in group animation"),
        .init("a group is not empty", withAnimation(#"{"type": "group", "animations": ‸[]}"#),
              "\"animations\" must contain at least one animation"),
        .init("group children are validated",
              withAnimation(#"{"type": "group", "animations": [{"type": "basic", "keyPath": ‸"pan2"}]}"#),
              "layer \"music\" has no animatable property \"pan2\"; did you mean \"pan\"?"),
        .init("transitionType is known", withAnimation(#"{"type": "transition", "transitionType": ‸"wipe"}"#),
              "unknown transitionType \"wipe\"; use fade, moveIn, push, reveal"),
        .init("subtype is known", withAnimation(#"{"type": "transition", "subtype": ‸"fromleft"}"#),
              "unknown subtype \"fromleft\"; did you mean \"fromLeft\"?"),
        .init("startProgress is within 0…1", withAnimation(#"{"type": "transition", "startProgress": ‸1.5}"#),
              "\"startProgress\" must be within 0…1"),
        .init("endProgress is not before startProgress",
              withAnimation(#"{"type": "transition", "startProgress": 0.6, "endProgress": ‸0.4}"#),
              "\"endProgress\" must not be less than \"startProgress\""),
        .init("transitions have no keyPath", withAnimation(#"{"type": "transition", ‸"keyPath": "volume"}"#),
              "\"keyPath\" is not a key of a transition animation; basic animations, keyframe animations and spring animations have it"),
    ]

    private func check(_ rejection: ScriptRejection) {
        let source = MarkedSource(rejection.marked)
        do {
            _ = try ScriptSpec(parsing: source.text, file: "show.json", baseDirectory: scriptDirectory, kinds: playerKinds)
            Issue.record("accepted: \(source.text)")
        } catch {
            #expect(error.location == source.location, "\(rejection.rule)")
            #expect(error.message == rejection.message, "\(rejection.rule)")
            let location = source.location
            #expect(error.description == "show.json:\(location.line):\(location.column): \(rejection.message)")
        }
    }

    @Test(arguments: documentRules) func rejectsDocument(_ rejection: ScriptRejection) { check(rejection) }
    @Test(arguments: canvasRules) func rejectsCanvas(_ rejection: ScriptRejection) { check(rejection) }
    @Test(arguments: layerRules) func rejectsLayer(_ rejection: ScriptRejection) { check(rejection) }
    @Test(arguments: eventRules) func rejectsEvent(_ rejection: ScriptRejection) { check(rejection) }
    @Test(arguments: animationRules) func rejectsAnimation(_ rejection: ScriptRejection) { check(rejection) }

    /// Rules whose message quotes a second position are checked with two
    /// markers: the first declaration, then the offending one.
    @Test func rejectsDuplicateLayerNames() {
        let source = MarkedSource(
            withLayers(#"{"name": ‸"bus", "type": "layer"}, {"name": "x", "type": "layer"}, {"name": ‸"bus", "type": "audio"}"#))
        let (first, second) = (source.locations[0], source.locations[1])
        #expect(
            throws: SourceError(
                file: "show.json", location: second,
                message: "duplicate layer name \"bus\" (first declared at line \(first.line), column \(first.column))")
        ) {
            try ScriptSpec(parsing: source.text, file: "show.json", baseDirectory: scriptDirectory, kinds: playerKinds)
        }
    }

    @Test func rejectsDuplicateKeys() {
        let source = MarkedSource(withEvents(#"{"at": 0, "set": {‸"volume": 1, ‸"volume": 0.5}}"#))
        let (first, second) = (source.locations[0], source.locations[1])
        #expect(
            throws: SourceError(
                file: "show.json", location: second,
                message: "duplicate key \"volume\" (first at line \(first.line), column \(first.column))")
        ) {
            try ScriptSpec(parsing: source.text, file: "show.json", baseDirectory: scriptDirectory, kinds: playerKinds)
        }
    }

    @Test func reportsTheFirstProblemInFileOrder() {
        // Two bad events: the earlier one in the file is reported, even
        // though sorting by time would put the other first.
        let source = MarkedSource(withEvents(#"{"at": 9, "set": {‸"volme": 1}}, {"at": 1, "set": {"volume": -1}}"#))
        #expect(
            throws: SourceError(
                file: "show.json", location: source.location,
                message: "layer \"bus\" has no property \"volme\"; did you mean \"volume\"? (declare it on the layer with an initial number)")
        ) {
            try ScriptSpec(parsing: source.text, file: "show.json", baseDirectory: scriptDirectory, kinds: playerKinds)
        }
    }
}
