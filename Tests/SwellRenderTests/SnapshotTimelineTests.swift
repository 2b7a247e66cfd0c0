import SwellCore
import Testing
import SwellRender

/// A frame at time t shows the last snapshot committed at or before t, as
/// Core Animation shows a transaction from the frame after its commit.
@Suite("SnapshotTimeline: the tree as committed by a frame's time")
struct SnapshotTimelineTests {
    @Test("commits at 0, 1 and 2 s: a frame between two shows the earlier")
    func byCommitTime() throws {
        let clock = ManualClock()
        let layer = CALayer()
        let host = HeadlessHost(rootLayer: layer, clock: clock)
        var timeline = SnapshotTimeline()
        timeline.note(host.latestSnapshot)
        for (time, opacity) in [(1.0, Float(0.5)), (2.0, 0.25)] {
            clock.set(time)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = opacity
            CATransaction.commit()
            timeline.note(host.latestSnapshot)
            timeline.note(host.latestSnapshot)
        }
        func opacity(at time: Double) throws -> Float? {
            let snapshot = timeline.snapshot(at: time)
            return try #require(snapshot).records[0].modelValue(forKey: "opacity") as? Float
        }
        #expect(try opacity(at: 0.5) == 1)
        #expect(try opacity(at: 1) == 0.5)
        #expect(try opacity(at: 1.999) == 0.5)
        #expect(try opacity(at: 2.5) == 0.25)
    }
}
