import Foundation
import Testing

/// Samples/CircularProgress: an action that
/// captures the old arc length when it is looked up and animates
/// `strokeEnd` from old/100 to new/100 over 3 s when it runs.
@Suite struct SampleCircularProgressTests {
    @Test func theActionIsLookedUpBeforeTheChangeAndRunAfterIt() throws {
        let section = try SampleRun.run("CircularProgress").section("set")
        let lookup = try #require(section.lines.firstIndex(of: "action(for:forKey: arcLength) oldValue=0.000000"))
        let run = try #require(section.lines.firstIndex(of: "run(forKey: arcLength) newValue=50.000000"))
        #expect(lookup < run)
        #expect(section.lines.filter { $0.hasPrefix("action(") || $0.hasPrefix("run(") }.count == 2)
    }

    @Test func strokeEndFillsLinearlyOverThreeSecondsAndHolds() throws {
        let section = try SampleRun.run("CircularProgress").section("set")
        let strokeEnd = try section.series("circularProgress.strokeEnd")
        #expect(strokeEnd.map(\.t) == (0...16).map { Double($0) / 4 })
        for (t, value) in strokeEnd {
            // 0 → 50/100 linearly over [0, 3), then held by the forwards
            // fill of an animation that is not removed.
            let expected = 0.5 * min(t / 3, 1)
            #expect(abs(value - expected) <= 1e-6, "t=\(t): \(value), expected \(expected)")
        }
        #expect(try section.series("circularProgress.arcLength").allSatisfy { $0.value == 50 })
    }

    @Test func aChangeWithActionsDisabledFindsNoAction() throws {
        let section = try SampleRun.run("CircularProgress").section("disabled")
        #expect(!section.lines.contains { $0.hasPrefix("action(") || $0.hasPrefix("run(") })
        let record = try #require(section.records.first)
        #expect(record.t == 4.5)
        #expect(record.values["circularProgress.arcLength"] == 80)
        #expect(record.values["circularProgress.strokeEnd"] == 0.5)
    }
}
