import Foundation
import Testing
import SwellSession

/// Control requests: the script event grammar without `at`, and the
/// requests only a live session answers (docs/control.md#requests), read
/// from a line against the session's layers.
@Suite("control requests")
struct ControlRequestTests {
    static let layers = [LayerSpec.main]

    private func parse(_ line: String) throws(SourceError) -> SessionCommand {
        try SessionCommand(line: Array(line.utf8), layers: Self.layers)
    }

    @Test("a set with its transaction settings is a script event for now") func set() throws {
        let request = try parse(#"{"layer": "main", "set": {"volume": 0.2}, "duration": 2, "timingFunction": "easeOut"}"#)
        guard case .event(let event) = request, case .set(let values) = event.action else {
            Issue.record("not a set: \(request)")
            return
        }
        #expect(event.layer == "main" && event.time == 0)
        #expect(values["volume"] == SceneValue(0.2))
        #expect(event.transaction.animationDuration == 2)
        #expect(event.transaction.animationTimingFunction == (try TimingFunctionSpec(parsing: "easeOut")))
    }

    @Test("an event names the first layer when it names none") func defaultLayer() throws {
        guard case .event(let event) = try parse(#"{"remove": "*"}"#) else { Issue.record("not an event"); return }
        #expect(event.layer == "main" && event.action == .removeAllAnimations)
    }

    @Test("get, pause, resume and status") func controls() throws {
        #expect(try parse(#"{"get": "main.volume"}"#) == .get(try LayerKeyPath(parsing: "main.volume", layers: Self.layers)))
        #expect(try parse(#"{"pause": true}"#) == .pause)
        #expect(try parse(#"{"resume": true}"#) == .resume)
        #expect(try parse(#"{"status": true}"#) == .status)
    }

    @Test("seek takes seconds either way, position seconds into the file") func seeking() throws {
        #expect(try parse(#"{"seek": 2.5}"#) == .seek(2.5))
        #expect(try parse(#"{"seek": -10}"#) == .seek(-10))
        #expect(try parse(#"{"position": 30}"#) == .position(30))
    }

    /// Each message points at the offending token: its column counted in
    /// the line as written.
    @Test("bad requests name the line and column", arguments: [
        (#"{"at": 1, "set": {"volume": 1}}"#, 2, "unknown key \"at\""),
        (#"{"get": "main"}"#, 9, "\"get\": expected LAYER.KEY, such as main.volume"),
        (#"{"get": "bus.volume"}"#, 9, "\"get\": unknown layer \"bus\""),
        (#"{"get": "main.volume", "pause": true}"#, 24, "\"pause\" cannot be combined with \"get\""),
        (#"{"pause": 1}"#, 11, "\"pause\" must be true, not a number"),
        (#"{}"#, 1, "request needs one of \"set\", \"add\", \"remove\" or \"automate\", or one of \"get\""),
        (#"{"set": {"volume": -1}}"#, 20, "\"volume\" must not be negative"),
        (#"{"position": -1}"#, 14, "\"position\" must not be negative"),
        (#"{"seek": "2s"}"#, 10, "\"seek\""),
        (#"{"seek": 2, "pause": true}"#, 13, "\"pause\" cannot be combined with \"seek\""),
    ])
    func rejected(line: String, column: Int, message: String) {
        #expect {
            _ = try parse(line)
        } throws: { error in
            guard let error = error as? SourceError else { return false }
            return error.location == SourceLocation(line: 1, column: column) && error.message.hasPrefix(message)
        }
    }
}
