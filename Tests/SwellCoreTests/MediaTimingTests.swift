import Foundation
import Testing
@testable import SwellCore

/// The CAMediaTiming time model. Sources: Apple's CAMediaTiming reference;
/// Rönnqvist, "Controlling Animation Timing" (objc.io issue 12); Technical
/// Q&A QA1673.
@Suite struct MediaTimingTests {
    func timing(duration: Double = 1, _ configure: (inout MediaTiming) -> Void = { _ in }) -> MediaTiming {
        var t = MediaTiming()
        t.duration = duration
        configure(&t)
        return t
    }

    @Test func activeOnlyDuringTheDurationWithoutFill() {
        let t = timing()
        #expect(t.sample(atParentTime: -0.1) == nil)
        #expect(t.sample(atParentTime: 0.25) == TimingSample(time: 0.25, iteration: 0))
        #expect(t.sample(atParentTime: 1) == nil)
    }

    @Test func fractionalRepeatCountPlaysAPartialLastIteration() {
        // Apple: "repeatCount … may be fractional".
        let t = timing { $0.repeatCount = 2.5; $0.fillMode = .forwards }
        #expect(t.activeDuration == 2.5)
        #expect(t.sample(atParentTime: 2.25) == TimingSample(time: 0.25, iteration: 2))
        #expect(t.sample(atParentTime: 7) == TimingSample(time: 0.5, iteration: 2))
    }

    @Test func repeatDurationBoundsTheActiveDuration() {
        let t = timing { $0.repeatDuration = 2.5 }
        #expect(t.activeDuration == 2.5)
        #expect(t.sample(atParentTime: 1.75) == TimingSample(time: 0.75, iteration: 1))
    }

    @Test func autoreversesPlaysForwardThenBackwardDoublingTheDuration() {
        let t = timing { $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(t.activeDuration == 2)
        #expect(t.sample(atParentTime: 0.25)?.time == 0.25)
        #expect(t.sample(atParentTime: 1.25)?.time == 0.75)
        // Filling forwards after an autoreversed pass holds the start state.
        #expect(t.sample(atParentTime: 3)?.time == 0)
    }

    @Test func wholeRepeatsEndAtTheEndOfTheLastIteration() {
        let t = timing { $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(t.sample(atParentTime: 2) == TimingSample(time: 1, iteration: 1))
    }

    @Test func timeOffsetStartsInsideTheAnimationAndWrapsAround() {
        // A 5 s animation with timeOffset 2 plays 2…5, then 0…2.
        let t = timing(duration: 5) { $0.timeOffset = 2; $0.fillMode = .forwards }
        #expect(t.sample(atParentTime: 0)?.time == 2)
        #expect(t.sample(atParentTime: 2.5)?.time == 4.5)
        #expect(t.sample(atParentTime: 3.5)?.time == 0.5)
        #expect(t.sample(atParentTime: 4.9)!.time.isApproximately(1.9))
        #expect(t.phase(atParentTime: 5) == .after)
        #expect(t.sample(atParentTime: 9)?.time == 2)
    }

    @Test func speedScalesLocalTime() {
        let t = timing { $0.speed = 2 }
        #expect(t.sample(atParentTime: 0.25)?.time == 0.5)
        #expect(t.phase(atParentTime: 0.5) == .after)
    }

    @Test func zeroSpeedFreezesAtTheTimeOffset() {
        let t = timing { $0.speed = 0; $0.timeOffset = 0.4 }
        #expect(t.sample(atParentTime: 100)?.time == 0.4)
        #expect(t.phase(atParentTime: 100) == .active)
    }

    @Test func fillModesHoldTheEndsOutsideTheActiveDuration() {
        // kCAFillModeBackwards shows the start before beginTime; forwards
        // holds the end after it; both does both; removed does neither.
        for (mode, before, after) in [(CAMediaTimingFillMode.removed, false, false), (.forwards, false, true),
                                      (.backwards, true, false), (.both, true, true)] {
            let t = timing { $0.beginTime = 1; $0.fillMode = mode }
            #expect((t.sample(atParentTime: 0.5)?.time == 0) == before, "\(mode.rawValue) before")
            #expect((t.sample(atParentTime: 3)?.time == 1) == after, "\(mode.rawValue) after")
        }
    }

    @Test func beginToleranceCountsAnEventAtTAsBegunWithinTheTolerance() {
        let t = timing { $0.beginTime = 1 }
        #expect(t.sample(atParentTime: 1 - 1e-15) == nil)
        #expect(t.sample(atParentTime: 1 - 1e-15, tolerance: 1e-12)?.time == 0)
    }

    @Test func layerSpeedsMultiplyDownTheTree() {
        // An 8 s animation on a layer of speed 2 inside a layer of speed 2
        // takes 8 / (2·2) = 2 s.
        let stage = Stage()
        stage.root.speed = 2
        stage.layer.speed = 2
        CATransaction.flush()
        stage.add(basic(from: 0, to: 8, duration: 8))
        #expect(stage.peek(at: 1) == 4)
        #expect(stage.value(at: 2.5) == 0)
    }

    @Test func convertTimeMapsThroughTheLayerHierarchy() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 10
        parent.speed = 2
        child.timeOffset = 3
        // child local = ((t − 10)·2 − 0)·1 + 3
        #expect(child.convertTime(12, from: nil) == 7)
        #expect(child.convertTime(7, to: nil) == 12)
        #expect(child.convertTime(4, from: parent) == 7)
        CATransaction.flush()
    }

    /// `pause()` and `resume()` are QA1673's `pauseLayer:` and
    /// `resumeLayer:`: the value holds from the pause and carries on from
    /// there, as if the paused span had not happened.
    @Test func pauseAndResumeRecipeOfQA1673ContinuesSmoothly() {
        let stage = Stage()
        stage.add(basic(from: 0, to: 10, duration: 10))
        let layer = stage.layer
        stage.clock.set(3)
        layer.pause()
        CATransaction.flush()
        #expect(layer.isPaused && layer.speed == 0 && layer.timeOffset == 3)
        #expect(stage.value(at: 5) == 3)
        stage.clock.set(5)
        layer.resume()
        CATransaction.flush()
        // QA1673: speed 1, timeOffset 0, beginTime = now − pausedTime.
        #expect(!layer.isPaused && layer.speed == 1 && layer.timeOffset == 0 && layer.beginTime == 2)
        #expect(stage.value(at: 5) == 3)
        #expect(stage.value(at: 6) == 4)
        // Resuming a running layer, or pausing a paused one, changes
        // nothing: paused at 6 s, the layer holds local time 4.
        layer.resume()
        #expect(layer.beginTime == 2)
        layer.pause()
        stage.clock.set(7)
        layer.pause()
        CATransaction.flush()
        #expect(layer.timeOffset == 4 && stage.value(at: 8) == 4)
    }

    /// A layer in no hosted tree has no clock: paused there, it waits at
    /// local time 0 — an audio layer at its first frame — whatever the
    /// wall clock says.
    @Test func aLayerPausedBeforeItIsHostedWaitsAtTimeZero() {
        let layer = CALayer()
        layer.pause()
        #expect(layer.speed == 0 && layer.timeOffset == 0)
        layer.resume()
        #expect(layer.speed == 1 && layer.beginTime == 0 && layer.convertTime(0, from: nil) == 0)
        CATransaction.flush()
    }
}

extension Double {
    func isApproximately(_ other: Double, tolerance: Double = 1e-12) -> Bool {
        Swift.abs(self - other) <= tolerance
    }
}
