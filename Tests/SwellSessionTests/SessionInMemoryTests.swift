import Foundation
import Synchronization
import SwellScript
import SwellSession
import TestSupport
import Testing

/// A session's control code in this process, as NIOEmbedded tests a
/// channel: the responder on a headless host with a manual clock, the
/// control socket answered by the test's own loop, `swell curve`'s sampler.
/// The layer is a ``Thermostat``, whose `temperature` no code of Swell's
/// names: `ctl set`, `get` and `curve --key` reach it by its declaration.
/// References: Core Animation's linear interpolation over the set's
/// duration, and QA1673's pause holding the layer's time.
@Suite("session in memory")
struct SessionInMemoryTests {
    static let kinds = LayerKind.session + [LayerKind("thermostat", { Thermostat() })]

    static func script(events: String = "[]") throws -> ScriptSpec {
        try ScriptSpec(parsing: #"""
            {"version": 1, "layers": [{"name": "t", "type": "thermostat", "temperature": 25}], "events": \#(events)}
            """#, file: "t.json", baseDirectory: URL(fileURLWithPath: "/"), kinds: kinds)
    }

    /// The script's tree hosted headless at time 0, and its responder.
    final class Embedded {
        let clock = ManualClock()
        let host: HeadlessHost
        let stage: AutomationStage
        let layers: [LayerSpec]
        let responder: ControlResponder

        init() throws {
            let script = try SessionInMemoryTests.script()
            layers = script.layers
            host = HeadlessHost(clock: clock)
            stage = try AutomationStage(script: script, options: AutomationOptions(), sampleRate: nil, openMixer: nil)
            stage.install(on: host)
            responder = ControlResponder(stage: stage, host: host, files: [])
        }

        /// `line` read and answered as the session reads a socket's line.
        func ask(_ line: String) throws -> ControlReply {
            responder.respond(to: try SessionCommand(line: Array(line.utf8), layers: layers))
        }

        func temperature() throws -> Double {
            try #require(try ask(#"{"get": "t.temperature"}"#).value)
        }

        func advance(to time: Double) {
            host.runEvents(through: time)
            clock.set(time)
        }
    }

    @Test("set animates from the presented value, get reads it, pause holds it, resume carries on")
    func responder() throws {
        let session = try Embedded()
        #expect(try session.temperature() == 25)
        let set = ControlRequest.set([(key: "temperature", value: JSONValue(30))], layer: "t", duration: 2)
        #expect(session.responder.respond(to: try SessionCommand(set, layers: session.layers)).isSuccess)
        session.advance(to: 1)
        #expect(abs(try session.temperature() - 27.5) < 1e-9, "halfway along 25 → 30 over 2 s")
        #expect(try session.ask(#"{"pause": true}"#).isSuccess)
        session.advance(to: 5)
        #expect(abs(try session.temperature() - 27.5) < 1e-9, "a paused tree holds its time")
        #expect(try session.ask(#"{"status": true}"#).paused == true)
        #expect(try session.ask(#"{"resume": true}"#).isSuccess)
        session.advance(to: 5.5)
        #expect(abs(try session.temperature() - 28.75) < 1e-9, "carries on from where it held")
        session.advance(to: 7)
        #expect(try session.temperature() == 30)
        #expect(try session.ask(#"{"status": true}"#).paused == false)
    }

    @Test("a wrong value for the new property is refused at its column, from the declaration's range", arguments: [
        (#"{"layer": "t", "set": {"temperature": ‸99}}"#, #""temperature" must be within -40…60"#),
        (#"{"layer": "t", "set": {"temperature": ‸"warm"}}"#, #""temperature" must be a number, not "warm""#),
        (#"{"get": ‸"t.temprature"}"#, nil),
    ])
    func refusals(_ marked: String, _ message: String?) throws {
        let marker = try #require(marked.range(of: "‸"))
        let column = marked.distance(from: marked.startIndex, to: marker.lowerBound) + 1
        let line = marked.replacingCharacters(in: marker, with: "")
        let error = try #require(throws: SourceError.self) {
            try SessionCommand(line: Array(line.utf8), layers: try Self.script().layers)
        }
        if let message { #expect(error.message == message) }
        #expect(error.message.contains("temperature"), "\(error.message)")
        #expect(error.location?.line == 1 && error.location?.column == column, "\(error)")
    }

    @Test("swell ctl over a real socket: set, get and a refusal, answered by the owning thread's loop")
    func socket() throws {
        let session = try Embedded()
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("swell-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = ControlDirectory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let services = SessionServices(control: directory, layers: session.layers)
        defer { services.close() }
        #expect(directory.sessions() == [getpid()])

        // The client on a thread of its own, as `swell ctl` in another
        // process; this thread is the session's owning thread.
        let lines = [
            #"{"layer": "t", "set": {"temperature": 35}, "duration": 1}"#,
            #"{"get": "t.temperature"}"#,
            #"{"layer": "t", "set": {"temperature": -41}}"#,
        ]
        let replies = Mutex<[String]?>(nil)
        let path = runtime.path
        Thread.detachNewThread {
            let job = CtlJob(pid: getpid(), directory: ControlDirectory(environment: ["XDG_RUNTIME_DIR": path]))
            var texts: [String] = []
            for line in lines {
                do {
                    texts.append(try job.send(lines: [line])[0].text)
                } catch {
                    texts.append("error: \(error)")
                }
            }
            replies.withLock { $0 = texts }
        }
        try waitUntil("the client has its replies") {
            _ = services.answer(with: session.responder)
            return replies.withLock { $0 != nil }
        }
        let texts = try #require(replies.withLock { $0 })
        #expect(texts[0] == #"{"ok":true}"#)
        // The get ran after the set, at time 0: the animation's first value.
        #expect(texts[1] == #"{"ok":true,"value":25}"#)
        #expect(texts[2] == #"error: "temperature" must be within -40…60"#, "\(texts[2])")
        session.advance(to: 1)
        #expect(try session.temperature() == 35)
    }

    @Test("curve --key samples the new property: a linear set from 1 s over 2 s")
    func curve() throws {
        var job = CurveJob()
        job.script = try Self.script(events: #"[{"at": 1, "layer": "t", "set": {"temperature": 30}, "duration": 2}]"#)
        job.keys = ["t.temperature"]
        job.rate = 2
        job.end = 4
        let table = try job.sample()
        #expect(table.times == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4])
        #expect(table.columns.map(\.name) == ["t.temperature"])
        #expect(table.columns[0].values == [25, 25, 25, 26.25, 27.5, 28.75, 30, 30, 30])
        job.keys = ["t.temprature"]
        #expect(throws: AutomationError.self) { try job.sample() }
    }
}
