import Foundation
import Testing
import SwellScript

/// A script with a generic layer `bus` (with a dynamic `x`), an audio
/// layer `music` under it, and the given events.
private func automating(_ events: String) -> String {
    """
    {"version": 1,
     "layers": [
      {"name": "bus", "type": "layer", "x": 0},
      {"name": "music", "type": "audio", "file": "song.flac", "parent": "bus"}
     ],
     "events": [
      \(events)
     ]}
    """
}

@Suite("\"automate\" events: Web Audio's calls in a script")
struct AutomateEventTests {
    private func read(_ text: String) throws(SourceError) -> ScriptSpec {
        try ScriptSpec(parsing: text, file: "show.json", baseDirectory: scriptDirectory, kinds: playerKinds)
    }

    @Test("the issue's event reads as the seven calls, name first and arguments in Web Audio's order")
    func issueExample() throws {
        let script = try read(automating("""
            {"at": 0, "layer": "music", "automate": "volume", "calls": [
              ["setValueAtTime", 0.5, 0.1],
              ["linearRampToValueAtTime", 1.0, 0.5],
              ["exponentialRampToValueAtTime", 0.01, 1.0],
              ["setTargetAtTime", 0.2, 1.2, 0.1],
              ["setValueCurveAtTime", [0, 0.5, 1], 2.0, 0.5],
              ["cancelScheduledValues", 2.2],
              ["cancelAndHoldAtTime", 2.3]]}
            """))
        let event = try #require(script.events.first)
        #expect(event.layer == "music")
        guard case .automate(let automation) = event.action else {
            Issue.record("\(event.action)")
            return
        }
        #expect(automation.keyPath == "volume")
        #expect(automation.calls == [
            .setValueAtTime(value: 0.5, startTime: 0.1),
            .linearRampToValueAtTime(value: 1, endTime: 0.5),
            .exponentialRampToValueAtTime(value: 0.01, endTime: 1),
            .setTargetAtTime(target: 0.2, startTime: 1.2, timeConstant: 0.1),
            .setValueCurveAtTime(values: [0, 0.5, 1], startTime: 2, duration: 0.5),
            .cancelScheduledValues(cancelTime: 2.2),
            .cancelAndHoldAtTime(cancelTime: 2.3),
        ])
    }

    @Test("any animatable number can be automated: opacity, a dynamic property, a field of a point")
    func otherProperties() throws {
        let script = try read(automating("""
            {"at": 0, "layer": "bus", "automate": "opacity", "calls": [["linearRampToValueAtTime", 0, 1]]},
            {"at": 0, "layer": "bus", "automate": "x", "calls": [["setTargetAtTime", 10, 0, 0.5]]},
            {"at": 0, "layer": "bus", "automate": "position.x", "calls": [["setValueAtTime", 3, 0]]},
            {"at": 1, "layer": "bus", "remove": "x"}
            """))
        #expect(script.events.count == 4)
    }

    static let rejections: [ScriptRejection] = [
        .init("an unknown call", automating(#"{"at": 0, "automate": "volume", "calls": [[‸"setValueAtTme", 1, 0]]}"#),
              "unknown call \"setValueAtTme\"; did you mean \"setValueAtTime\"?"),
        .init("a call is an array", automating(#"{"at": 0, "automate": "volume", "calls": [‸"setValueAtTime"]}"#),
              "a call must be an array of its name and arguments, such as [\"setValueAtTime\", 0.5, 0.1], not a string"),
        .init("its arguments are counted",
              automating(#"{"at": 0, "automate": "volume", "calls": [‸["setTargetAtTime", 1, 0]]}"#),
              "setTargetAtTime takes 3 arguments (target, startTime, timeConstant), not 2"),
        .init("a non-finite number", automating(#"{"at": 0, "automate": "volume", "calls": [["setValueAtTime", ‸1e999, 0]]}"#),
              "number \"1e999\" is too large for a 64-bit float"),
        .init("a negative time", automating(#"{"at": 0, "automate": "volume", "calls": [["setValueAtTime", 1, ‸-0.5]]}"#),
              "startTime -0.5 is negative"),
        .init("a negative time constant",
              automating(#"{"at": 0, "automate": "volume", "calls": [["setTargetAtTime", 0, 1, ‸-0.1]]}"#),
              "timeConstant -0.1 is negative"),
        .init("an exponential ramp to 0",
              automating(#"{"at": 0, "automate": "volume", "calls": [["exponentialRampToValueAtTime", ‸0, 1]]}"#),
              "an exponential ramp cannot reach 0"),
        .init("an exponential ramp from 0", automating(
            #"{"at": 0, "automate": "volume", "calls": [["setValueAtTime", 0, 0], ‸["exponentialRampToValueAtTime", 1, 1]]}"#),
              "an exponential ramp cannot go from 0 to 1.0 (at 1.0 s): it would hold 0.0 until then; use a linear ramp, or start from a value of the same sign"),
        .init("an exponential ramp across a change of sign", automating(
            #"{"at": 0, "layer": "bus", "automate": "x", "calls": [["setValueAtTime", -2, 0], ‸["exponentialRampToValueAtTime", 1, 1]]}"#),
              "an exponential ramp cannot go from -2.0, across a change of sign, to 1.0 (at 1.0 s): it would hold -2.0 until then; use a linear ramp, or start from a value of the same sign"),
        .init("an exponential ramp from the model value 0, which an earlier set gave", automating(
            #"{"at": 0, "set": {"volume": 0}}, {"at": 1, "automate": "volume", "calls": [‸["exponentialRampToValueAtTime", 1, 2]]}"#),
              "an exponential ramp cannot go from 0 to 1.0 (at 2.0 s): it would hold 0.0 until then; use a linear ramp, or start from a value of the same sign"),
        .init("a later event that makes an earlier ramp start from 0", automating(
            #"{"at": 0, "automate": "volume", "calls": [["exponentialRampToValueAtTime", 1, 2]]}, {"at": 1, "automate": "volume", "calls": ‸[["setValueAtTime", 0, 1.5]]}"#),
              "an exponential ramp cannot go from 0 to 1.0 (at 2.0 s): it would hold 0.0 until then; use a linear ramp, or start from a value of the same sign"),
        .init("a curve of one value",
              automating(#"{"at": 0, "automate": "volume", "calls": [["setValueCurveAtTime", ‸[1], 0, 1]]}"#),
              "a value curve needs at least 2 values, not 1"),
        .init("an event inside a curve, from a later event", automating(
            #"{"at": 0, "automate": "volume", "calls": [["setValueCurveAtTime", [1, 0], 0, 1]]}, {"at": 0.2, "automate": "volume", "calls": [‸["setValueAtTime", 1, 0.5]]}"#),
              "an event at 0.5 s falls inside the value curve from 0.0 s to 1.0 s"),
        .init("a curve over an event", automating(
            #"{"at": 0, "automate": "volume", "calls": [["setValueAtTime", 1, 0.5], ‸["setValueCurveAtTime", [1, 0], 0, 1]]}"#),
              "a value curve from 0.0 s to 1.0 s would cover the event at 0.5 s"),
        .init("a schedule starts anew under a removed key", automating(
            #"{"at": 0, "automate": "volume", "calls": [["setValueCurveAtTime", [1, 0], 0, 1]]}, {"at": 0.1, "remove": "volume"}, {"at": 0.2, "automate": "volume", "calls": [["setValueAtTime", 1, 0.5], ["exponentialRampToValueAtTime", ‸0, 0.6]]}"#),
              "an exponential ramp cannot reach 0"),
        .init("a value outside the property's range", automating(
            #"{"at": 0, "automate": "volume", "calls": [["setValueCurveAtTime", [1, ‸-0.5], 0, 1]]}"#),
              "\"volume\" must not be negative; it is a linear amplitude"),
        .init("a property that is not a number",
              automating(#"{"at": 0, "layer": "bus", "automate": ‸"backgroundColor", "calls": [["setValueAtTime", 1, 0]]}"#),
              "\"backgroundColor\" cannot be automated: a schedule animates a number"),
        .init("an unknown property", automating(#"{"at": 0, "automate": ‸"volme", "calls": [["setValueAtTime", 1, 0]]}"#),
              "layer \"bus\" has no property \"volme\"; did you mean \"volume\"?"),
        .init("calls are needed", automating(#"‸{"at": 0, "automate": "volume"}"#),
              "missing required key \"calls\" in event"),
        .init("calls are not empty", automating(#"{"at": 0, "automate": "volume", "calls": ‸[]}"#),
              "\"calls\" must list at least one call"),
        .init("calls belong to automate", automating(#"{"at": 0, "set": {"volume": 1}, ‸"calls": []}"#),
              "\"calls\" lists the calls of an \"automate\"; this event has none"),
        .init("no duration", automating(#"{"at": 0, "automate": "volume", ‸"duration": 1, "calls": [["setValueAtTime", 1, 0]]}"#),
              "\"duration\" shapes a \"set\"'s animation; the calls of an \"automate\" time themselves"),
    ]

    @Test("errors are one line at their place", arguments: rejections)
    func rejects(_ rejection: ScriptRejection) {
        let source = MarkedSource(rejection.marked)
        do {
            _ = try read(source.text)
            Issue.record("accepted: \(source.text)")
        } catch {
            #expect(error.location == source.location, "\(rejection.rule)")
            #expect(error.message == rejection.message, "\(rejection.rule)")
        }
    }
}
