import Foundation
import Testing
@testable import SwellCore

/// CATransaction. Sources: Apple's CATransaction reference (nesting,
/// `flush`, `completionBlock`: "called as soon as all animations subsequently
/// added by this transaction group have completed (or have been removed.)
/// If no animations are added before the current transaction group is
/// committed … the block will be invoked immediately"); Apple's Core
/// Animation Programming Guide (transactions nest, and only when the
/// outermost one commits do its animations begin).
///
/// Tests that are not given a `Stage` (which flushes) begin with
/// `CATransaction.flush()`: Swift Testing runs tests on threads that never
/// turn a run loop, so an implicit transaction an earlier test opened on the
/// same thread stays open, as Apple's does on such a thread, and would nest
/// this test's transactions inside it.
@Suite struct TransactionTests {
    @Test func changesReachTheHostOnlyWhenTheOutermostTransactionCommits() {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        stage.layer.value = 3
        CATransaction.commit()
        #expect(stage.layer.presentation()!.value == 0)
        CATransaction.commit()
        #expect(stage.layer.presentation()!.value == 3)
    }

    @Test func implicitTransactionsCommitOnFlush() {
        let stage = Stage()
        stage.layer.value = 4
        #expect(stage.layer.presentation()!.value == 0)
        CATransaction.flush()
        #expect(stage.layer.presentation()!.value == 4)
    }

    @Test func implicitTransactionsCommitAtTheEndOfTheRunLoopTurn() {
        let stage = Stage()
        stage.layer.value = 6
        RunLoop.current.run(until: Date())
        #expect(stage.layer.presentation()!.value == 6)
    }

    @Test func nestedTransactionsInheritSettings() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.setAnimationDuration(1)
        #expect(CATransaction.animationDuration() == 1)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test func keyValueAccessMatchesTheTypedSettings() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.setValue(0.5, forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 0.5)
        CATransaction.commit()
    }

    @Test func theCompletionBlockWaitsForEveryAnimation() {
        let stage = Stage()
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        stage.layer.add(basic(from: 0, to: 1, duration: 1), forKey: "a")
        stage.layer.add(basic(from: 0, to: 1, duration: 2), forKey: "b")
        CATransaction.commit()
        _ = stage.value(at: 1.5)
        #expect(!done)
        _ = stage.value(at: 2)
        #expect(done)
    }

    @Test func theCompletionBlockRunsAtCommitWhenNoAnimationWasAdded() {
        CATransaction.flush()
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        #expect(!done)
        CATransaction.commit()
        #expect(done)
    }

    @Test func removingAnAnimationCountsAsItsEnd() {
        let stage = Stage()
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        stage.layer.add(basic(from: 0, to: 1, duration: 10), forKey: "a")
        CATransaction.commit()
        stage.layer.removeAnimation(forKey: "a")
        CATransaction.flush()
        #expect(done)
    }

    @Test func onlyAnimationsAddedAfterTheBlockWasSetAreAwaited() {
        let stage = Stage()
        var done = false
        CATransaction.begin()
        stage.layer.add(basic(from: 0, to: 1, duration: 10), forKey: "a")
        CATransaction.setCompletionBlock { done = true }
        CATransaction.commit()
        #expect(done)
    }

    @Test func delegatesHearStartAndStop() {
        let stage = Stage(), log = DelegateLog()
        let animation = basic(from: 0, to: 1)
        animation.beginTime = 1
        animation.delegate = log
        stage.add(animation)
        _ = stage.value(at: 0.5)
        #expect(log.events.isEmpty)
        _ = stage.value(at: 1.2)
        #expect(log.events == ["start"])
        _ = stage.value(at: 2)
        #expect(log.events == ["start", "stop(true)"])
    }

    @Test func delegatesHearARemovalAsUnfinished() {
        let stage = Stage(), log = DelegateLog()
        let animation = basic(from: 0, to: 1)
        animation.delegate = log
        stage.add(animation)
        _ = stage.value(at: 0.5)
        stage.layer.removeAllAnimations()
        CATransaction.flush()
        #expect(log.events == ["start", "stop(false)"])
    }

    @Test func unbalancedCommitsAreIgnored() {
        CATransaction.flush()
        CATransaction.commit()
        CATransaction.flush()
    }
}
