import Foundation
import TestSupport
import Testing

/// Samples/PopAnimation — objc.io's "View-Layer Synergy":
/// a view's answers to the action search, the inspection layer, the block
/// delegate and the pop animation API.
@Suite struct SamplePopAnimationTests {
    let run: SampleRun

    init() throws {
        run = try SampleRun.run("PopAnimation")
    }

    @Test func aViewAnimatesItsLayerOnlyInsideAnAnimationBlock() throws {
        let section = try run.section("actions")
        #expect(section.lines == ["outside animation block: <null>", "inside animation block: <CABasicAnimation>"])
    }

    @Test func theInspectionLayerShowsTheBlocksBasicAnimation() throws {
        let section = try run.section("animate")
        let added = section.lines.filter { $0.hasPrefix("adding animation: ") }
        #expect(added.count == 1)
        let description = try #require(added.first)
        // What the article's inspection printed of UIKit's animation: from the
        // presented value, with the block's duration, easing and fills.
        for field in ["<CABasicAnimation;", "fillMode = both", "timingFunction = easeInEaseOut", "duration = 0.3",
                      "fromValue = {5, 5}", "keyPath = position"] {
            #expect(description.contains(field), "\(field) in \(description)")
        }
        #expect(!description.contains("toValue"))
        let series = try section.series("animatedView.position.x")
        #expect(series.map(\.t) == (0...8).map { Double($0) / 20 })
        for (t, x) in series {
            let expected = t < 0.3 ? 5 + 100 * ReferenceBezier.easeInEaseOut.value(at: t / 0.3) : 105
            #expect(abs(x - expected) <= 2e-6, "t=\(t): \(x), expected \(expected)")
        }
    }

    @Test func theBlockDelegateRunsItsBlocksWhenTheFadesStartAndStop() throws {
        let section = try run.section("fade")
        let events = section.lines.filter { $0.hasPrefix("t=") && $0.contains(": ") }
        // Both fades start at the commit; the cancelled one is removed at
        // 0.25 s; the other ends at 0.75 s, its duration.
        #expect(events == [
            "t=0.000 fadeView: beginning to fade in",
            "t=0.000 cancelledView: beginning to fade in",
            "t=0.250 cancelledView: did fade but was cancelled",
            "t=0.750 fadeView: did fade to the end",
        ])
        for (t, opacity) in try section.series("fadeView.opacity") {
            #expect(abs(opacity - min(t / 0.75, 1)) <= 1e-6, "fadeView at t=\(t)")
        }
        // Removed at 0.25 s: the model value, 1, from then on.
        for (t, opacity) in try section.series("cancelledView.opacity") {
            #expect(abs(opacity - (t < 0.25 ? t / 0.75 : 1)) <= 1e-6, "cancelledView at t=\(t)")
        }
    }

    @Test func thePopSavesEachChangeAndAddsAKeyframeAnimationThroughItsOldAndNewValues() throws {
        let section = try run.section("pop")
        // Each change is saved with the value it had before the block.
        let saved = section.lines.filter { $0.hasPrefix("saved state: ") }
        #expect(saved.count == 4)
        #expect(Array(saved.prefix(3)) == [
            "saved state: positionView.position old={60, 60} new={160, 60}",
            "saved state: sizeView.bounds old={{0, 0}, {40, 40}} new={{0, 0}, {80, 80}}",
            "saved state: colorView.backgroundColor old=rgba(1, 0, 0, 1) new=rgba(0, 0, 1, 1)",
        ])
        // A quarter turn: the 2-D part [m11, m12, m21, m22, m41, m42] goes
        // from the identity to [0, 1, −1, 0, 0, 0] (m11 and m22 up to
        // rounding of cos(π/2)).
        let rotation = try #require(saved.last)
        #expect(rotation.hasPrefix("saved state: rotationView.transform old=[1, 0, 0, 1, 0, 0] new=["))
        #expect(rotation.contains(", 1, -1, "))
        let added = section.lines.filter { $0.hasPrefix("adding animation: ") }
        #expect(added.count == 4)
        for (description, keyPath) in zip(added, ["position", "bounds", "backgroundColor", "transform"]) {
            #expect(description.hasPrefix("adding animation: <CAKeyframeAnimation;"))
            #expect(description.contains("duration = 0.7"))
            #expect(description.contains("keyTimes = (0, 0.35, 1)"))
            #expect(description.hasSuffix("keyPath = \(keyPath)>"))
        }
    }

    @Test func thePoppedValuesFollowTheEaseInThenTheEaseOutCurve() throws {
        let section = try run.section("pop")
        let easeIn = ReferenceBezier(1, 0, 0.8, 1)
        let easeOut = ReferenceBezier(0.2, 0, 0, 1)
        /// [old, new, old] at key times [0, 0.35, 1] over 0.7 s, then the
        /// model, which was set back to the old value.
        func pop(_ old: Double, _ new: Double) -> (Double) -> Double {
            { t in sampleKeyframeValue([old, new, old], keyTimes: [0, 0.35, 1], functions: [easeIn, easeOut], at: t / 0.7) }
        }
        let expectations: [(String, (Double) -> Double)] = [
            ("positionView.position.x", pop(60, 160)),
            ("sizeView.bounds.size.width", pop(40, 80)),
            ("colorView.backgroundColor.red", pop(1, 0)),
            ("colorView.backgroundColor.blue", pop(0, 1)),
            // A rotation interpolates along the shorter arc at constant
            // angular speed, so the angle is linear in the curve's value.
            ("rotationView.transform.rotation.z", pop(0, .pi / 2)),
        ]
        for (label, expected) in expectations {
            let series = try section.series(label)
            #expect(series.map(\.t) == (0...16).map { Double($0) / 20 }, "\(label) times")
            for (t, value) in series {
                #expect(abs(value - expected(t)) <= 2e-6, "\(label) at t=\(t): \(value), expected \(expected(t))")
            }
        }
    }

    /// `--frames`: the animate stage's frames, one per printed time (20 a
    /// second through 0.4 s): the grey 40-point view centred at x from 5 to
    /// 105 along ease-in-ease-out over 0.3 s — symmetric, so halfway (55)
    /// at 0.15 s.
    @Test func animateFramesShowTheViewMoving() throws {
        let frames = try SampleFrameFiles.run("PopAnimation")
        defer { frames.remove() }
        #expect(try frames.names(in: "animate").count == 9)
        let grey = [115, 128, 140], white = [255, 255, 255]
        let start = try frames.frame(0, in: "animate", width: 320)
        #expect(start.pixel(10, 10, is: grey) && start.pixel(55, 10, is: white), "\(start.rgb(10, 10))")
        let half = try frames.frame(3, in: "animate", width: 320)
        #expect(half.pixel(55, 10, is: grey) && half.pixel(10, 10, is: white) && half.pixel(100, 10, is: white))
        let end = try frames.frame(8, in: "animate", width: 320)
        #expect(end.pixel(105, 10, is: grey) && end.pixel(55, 10, is: white), "\(end.rgb(105, 10))")
    }
}
