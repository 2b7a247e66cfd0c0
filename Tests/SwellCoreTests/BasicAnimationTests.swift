import Foundation
import Testing
@testable import SwellCore

/// CABasicAnimation's interpolation values. Source: Apple's CABasicAnimation
/// reference, "Setting Interpolation Values"; a missing end is the model
/// value, read live (the fade-in idiom of objc.io's "View-Layer Synergy":
/// set the model, add an animation with only `fromValue`).
@Suite struct BasicAnimationTests {
    /// Presents `animation` over a model value of `model`, at half its duration.
    func halfway(_ animation: CABasicAnimation, model: Double) -> Double {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.layer.value = model
        CATransaction.commit()
        stage.add(animation)
        return stage.peek(at: animation.duration / 2)
    }

    @Test func fromAndTo() { #expect(halfway(basic(from: 2, to: 6), model: 100) == 4) }
    @Test func fromAndBy() { #expect(halfway(basic(from: 1, by: 4), model: 100) == 3) }
    @Test func byAndTo() { #expect(halfway(basic(to: 10, by: 4), model: 100) == 8) }
    @Test func fromOnlyEndsAtTheModelValue() { #expect(halfway(basic(from: 0), model: 10) == 5) }
    @Test func toOnlyStartsAtTheModelValue() { #expect(halfway(basic(to: 20), model: 10) == 15) }
    @Test func byOnlyAddsToTheModelValue() { #expect(halfway(basic(by: 2), model: 3) == 4) }
    @Test func allThreeIgnoreBy() { #expect(halfway(basic(from: 2, to: 6, by: 100), model: 0) == 4) }

    @Test func noValuesRunFromThePreviousToTheCurrentModelValue() {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.layer.value = 10
        stage.layer.add(basic(), forKey: "a")
        CATransaction.commit()
        #expect(stage.peek(at: 0.5) == 5)
    }

    @Test func aMissingEndFollowsTheModelLive() {
        let stage = Stage()
        stage.add(basic(from: 0))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.layer.value = 20
        CATransaction.commit()
        #expect(stage.peek(at: 0.5) == 10)
    }

    @Test func additiveAddsToTheModelValue() {
        let animation = basic(from: 0, to: 10)
        animation.isAdditive = true
        #expect(halfway(animation, model: 5) == 10)
    }

    @Test func cumulativeRepeatsBuildOnTheEndValue() {
        // Apple: "the value of the property is the value at the end of the
        // previous repeat cycle, plus the value of the current repeat cycle".
        let stage = Stage()
        let animation = basic(from: 0, to: 2)
        animation.repeatCount = 3
        animation.isCumulative = true
        stage.add(animation)
        #expect(stage.peek(at: 2.5) == 1 + 2 * 2)
    }

    @Test func theAnimationIsRemovedAtItsEndAndTheModelShows() {
        let stage = Stage()
        stage.layer.value = 7
        CATransaction.flush()
        stage.add(basic(from: 0, to: 1))
        #expect(stage.value(at: 0.5) == 0.5)
        #expect(stage.value(at: 1) == 7)
        #expect(stage.layer.animationKeys() == nil)
    }

    @Test func aRetainedForwardFillHoldsTheEndValue() {
        // "Animations Explained": fillMode forwards + removedOnCompletion NO
        // keeps the rocket at the end.
        let stage = Stage()
        let animation = basic(from: 77, to: 455)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        stage.add(animation)
        #expect(stage.value(at: 5) == 455)
        #expect(stage.layer.animationKeys() == ["a"])
    }

    @Test func addStoresACopy() {
        // "Animations Explained": the second rocket reuses the animation with
        // a later beginTime; the first is unaffected because add copied it.
        let stage = Stage()
        let other = ValueLayer()
        stage.root.addSublayer(other)
        CATransaction.flush()
        let animation = basic(by: 378)
        CATransaction.begin()
        stage.layer.add(animation, forKey: "basic")
        animation.beginTime = 0.5
        other.add(animation, forKey: "basic")
        CATransaction.commit()
        stage.clock.set(0.75)
        #expect(stage.layer.presentation()!.value == 378 * 0.75)
        #expect(other.presentation()!.value == 378 * 0.25)
        #expect(stage.layer.animation(forKey: "basic")!.beginTime == 0)
    }

    @Test func durationZeroTakesTheTransactionDuration() {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        stage.layer.add(basic(from: 0, to: 1, duration: 0), forKey: "a")
        CATransaction.commit()
        #expect(stage.layer.animation(forKey: "a")!.duration == 2)
        #expect(stage.peek(at: 1) == 0.5)
    }

    @Test func theDefaultTransactionDurationIsAQuarterSecond() {
        let stage = Stage()
        stage.add(basic(from: 0, to: 1, duration: 0))
        #expect(stage.layer.animation(forKey: "a")!.duration == 0.25)
    }

    @Test func beginTimeZeroBecomesTheCommitTimeInTheLayersTimeSpace() {
        let stage = Stage()
        stage.layer.timeOffset = 100
        CATransaction.flush()
        stage.clock.set(3)
        stage.add(basic(from: 0, to: 1))
        #expect(stage.layer.animation(forKey: "a")!.beginTime == 103)
        #expect(stage.peek(at: 3.5) == 0.5)
    }

    @Test func replacingAKeyStopsThePreviousAnimation() {
        let stage = Stage()
        let log = DelegateLog()
        let first = basic(from: 0, to: 1)
        first.delegate = log
        stage.add(first)
        stage.add(basic(from: 5, to: 5))
        #expect(log.events == ["stop(false)"])
        #expect(stage.peek(at: 0.5) == 5)
    }

    @Test func nonFiniteAndUnknownAnimationsAreRefused() {
        let stage = Stage()
        stage.add(basic(from: 0, to: Double.nan))
        stage.add(basic("nothing", from: 0, to: 1), forKey: "b")
        let bad = basic(from: 0, to: 1)
        bad.speed = .infinity
        stage.add(bad, forKey: "c")
        #expect(stage.layer.animationKeys() == nil)
    }
}
