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

    /// `--frames`: one frame per printed time (17, then one at 4.5 s). The
    /// ring — radius 80 about (200, 200), from twelve o'clock clockwise —
    /// shows the gradient up to strokeEnd(t) = t/6: three o'clock from
    /// t > 1.5 s, half past four (135°) from t > 2.25 s; elsewhere the
    /// white canvas.
    @Test func framesShowTheRingGrowingClockwise() throws {
        let frames = try SampleFrameFiles.run("CircularProgress")
        defer { frames.remove() }
        #expect(try frames.names().count == 18)
        let white = [255, 255, 255]
        let threeOClock = (280, 200), halfPastFour = (256, 256)
        func shown(_ pixels: SampleFrameFiles.Pixels, _ point: (Int, Int)) -> Bool {
            pixels.rgb(point.0, point.1)[1] < 128
        }
        let t1 = try frames.frame(4, width: 400), t2 = try frames.frame(8, width: 400), t3 = try frames.frame(12, width: 400)
        #expect(t1.pixel(threeOClock.0, threeOClock.1, is: white) && t1.pixel(halfPastFour.0, halfPastFour.1, is: white))
        #expect(shown(t2, threeOClock) && t2.pixel(halfPastFour.0, halfPastFour.1, is: white), "\(t2.rgb(280, 200))")
        #expect(shown(t3, threeOClock) && shown(t3, halfPastFour), "\(t3.rgb(256, 256))")
        // Nine o'clock is past strokeEnd 0.5 at every time.
        #expect(t3.pixel(120, 200, is: white))
    }
}
