import Testing
@testable import SwellCore

/// RenderHost's scheduled events: the transactions a script's timed events
/// become (docs/scripts.md: "events are sorted by it, ties keep file order").
@Suite struct ScheduledEventTests {
    @Test func eventsRunInTimeOrderAndTiesInTheOrderScheduled() {
        let host = RenderHost(clock: ManualClock())
        var ran: [String] = []
        for (time, name) in [(2.0, "c"), (1.0, "a"), (2.0, "d"), (0.5, "first"), (1.0, "b"), (3.0, "late")] {
            host.schedule(at: time) { ran.append(name) }
        }
        #expect(host.nextEventTime == 0.5)
        host.runEvents(through: 2)
        #expect(ran == ["first", "a", "b", "c", "d"])
        #expect(host.nextEventTime == 3)
        host.runEvents(through: 10)
        #expect(ran.last == "late")
        #expect(host.nextEventTime == nil)
    }

    /// An event runs with the host's time pinned to its own, and one it
    /// schedules at or before the time being run to runs in the same call,
    /// after the events already due at its time.
    @Test func eventsScheduledByAnEventRunInTheSameCall() {
        let host = RenderHost(clock: ManualClock())
        var ran: [String] = []
        host.schedule(at: 1) {
            ran.append("one at \(host.currentTime)")
            host.schedule(at: 1) { ran.append("tie") }
            host.schedule(at: 1.5) { ran.append("later") }
            host.schedule(at: 5) { ran.append("beyond") }
        }
        host.schedule(at: 1) { ran.append("second") }
        host.runEvents(through: 2)
        #expect(ran == ["one at 1.0", "second", "tie", "later"])
        #expect(host.nextEventTime == 5)
        #expect(host.eventTime == nil)
    }
}
