import Foundation
import SwellScript
import SwellSession
import TestSupport
import Testing

/// `swell ctl send` of an "automate" object without `at` to a live
/// session, answered in memory (``SessionInMemoryTests/Embedded``): the
/// calls are made at the session's time, as Web Audio's are at
/// `currentTime`. References: Web Audio's formulas.
@Suite("automate requests to a live session")
struct ScheduleRequestTests {
    @Test("calls are made now: a time already past is now; a later request adds to the same schedule")
    func madeNow() throws {
        let session = try SessionInMemoryTests.Embedded()
        session.advance(to: 1)
        let first = try session.ask(
            #"{"layer": "t", "automate": "temperature", "calls": [["setValueAtTime", 20, 0.5], ["linearRampToValueAtTime", 30, 3]]}"#)
        #expect(first.isSuccess, "\(first)")
        session.advance(to: 2)
        #expect(abs(try session.temperature() - WebAudioFormula.linear(2, 20, 1, 30, 3)) < 1e-9)
        #expect(try session.ask(#"{"layer": "t", "automate": "temperature", "calls": [["cancelAndHoldAtTime", 2.5]]}"#).isSuccess)
        session.advance(to: 3)
        #expect(abs(try session.temperature() - WebAudioFormula.linear(2.5, 20, 1, 30, 3)) < 1e-9, "held from 2.5 s")
        // `remove` clears it: the model value shows again.
        #expect(try session.ask(#"{"layer": "t", "remove": "temperature"}"#).isSuccess)
        session.advance(to: 3.5)
        #expect(try session.temperature() == 25)
    }

    @Test("a refused call is one located line, and none of the request's calls is made")
    func refused() throws {
        let session = try SessionInMemoryTests.Embedded()
        #expect(try session.ask(#"{"layer": "t", "automate": "temperature", "calls": [["setValueAtTime", 10, 1]]}"#).isSuccess)
        let line = #"{"layer": "t", "automate": "temperature", "calls": [["setValueCurveAtTime", [0, 20], 2, 1], ["setValueAtTime", 5, 2.5]]}"#
        let reply = try session.ask(line)
        #expect(!reply.isSuccess)
        #expect(reply.error == "an event at 2.5 s falls inside the value curve from 2.0 s to 3.0 s", "\(reply)")
        let column = try #require(line.range(of: #"["setValueAtTime", 5"#)).lowerBound.utf16Offset(in: line) + 1
        #expect(reply.line == 1 && reply.column == column, "\(reply)")
        session.advance(to: 2.5)
        #expect(try session.temperature() == 10, "the curve was not added")
        // What a call alone gets wrong is refused before it reaches the
        // session, at the argument.
        let error = try #require(throws: SourceError.self) {
            try SessionCommand(line: Array(#"{"layer": "t", "automate": "temperature", "calls": [["setTargetAtTime", 0, 1, -1]]}"#.utf8),
                               layers: session.layers)
        }
        #expect(error.message == "timeConstant -1.0 is negative", "\(error)")
        #expect(error.location?.column == 79, "at the argument: \(error)")
    }
}
