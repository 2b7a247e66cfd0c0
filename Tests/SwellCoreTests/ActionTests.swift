import Foundation
import Testing
@testable import SwellCore

/// The action search and implicit animations. Sources: Apple's
/// `-[CALayer actionForKey:]` reference; objc.io's "Animating Custom Layer
/// Properties" and "View-Layer Synergy"; Samples/CircularProgress.
@Suite struct ActionTests {
    final class RecordingAction: CAAction {
        let name: String
        var runs: [String] = []
        init(_ name: String) { self.name = name }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append(event)
        }
    }

    final class Delegate: CALayerDelegate {
        var answer: (any CAAction)?
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            asked.append(event)
            return answer
        }
    }

    final class DefaultingLayer: CALayer {
        nonisolated(unsafe) static let action = RecordingAction("default")
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            event == "opacity" ? action : nil
        }
    }

    @Test func theDelegateComesFirst() {
        let layer = CALayer(), delegate = Delegate(), mine = RecordingAction("delegate")
        delegate.answer = mine
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction("actions")]
        #expect(layer.action(forKey: "opacity") === mine)
    }

    @Test func nsNullFromTheDelegateStopsTheSearch() {
        let layer = CALayer(), delegate = Delegate()
        delegate.answer = NSNull()
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction("actions")]
        #expect(layer.action(forKey: "opacity") == nil)
    }

    @Test func nilFromTheDelegateContinuesToTheActionsDictionary() {
        let layer = CALayer(), delegate = Delegate(), mine = RecordingAction("actions")
        layer.delegate = delegate
        layer.actions = ["opacity": mine]
        #expect(layer.action(forKey: "opacity") === mine)
        #expect(delegate.asked == ["opacity"])
    }

    @Test func nsNullInTheActionsDictionaryStopsTheSearch() {
        let layer = CALayer()
        layer.actions = ["opacity": NSNull()]
        #expect(layer.action(forKey: "opacity") == nil)
    }

    @Test func theStyleDictionaryIsSearchedThenItsNestedStyle() {
        let layer = CALayer(), nested = RecordingAction("nested")
        layer.style = ["style": ["actions": ["opacity": nested] as [String: any CAAction]] as [AnyHashable: Any]]
        #expect(layer.action(forKey: "opacity") === nested)
    }

    @Test func theClassDefaultActionComesBeforeTheBuiltIn() {
        #expect(DefaultingLayer().action(forKey: "opacity") === DefaultingLayer.action)
    }

    @Test func theBuiltInActionIsABasicAnimationFromThePresentedValue() throws {
        let stage = Stage()
        let animation = try #require(stage.root.action(forKey: "opacity") as? CABasicAnimation)
        #expect(animation.keyPath == "opacity")
        #expect(animation.fromValue as? Float == 1)
        #expect(animation.toValue == nil)
    }

    @Test func customPropertiesHaveNoBuiltInAction() {
        // objc.io's ClockFace: without actionForKey:, setting `time` just jumps.
        #expect(ValueLayer().action(forKey: "value") == nil)
    }

    @Test func implicitAnimationsUseTheTransactionSettings() throws {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        stage.layer.opacity = 0
        CATransaction.commit()
        let animation = try #require(stage.layer.animation(forKey: "opacity"))
        #expect(animation.duration == 2)
        stage.clock.set(0.5)
        #expect(stage.layer.presentation()!.opacity == 0.75)
    }

    @Test func theLookupHappensBeforeTheChangeAndTheRunAfterIt() {
        // As in Samples/CircularProgress: actionForLayer:forKey: sees the old
        // value, runActionForKey:object:arguments: the new one.
        final class Probe: CALayerDelegate, CAAction {
            var seen: [Double] = []
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                seen.append((layer as! ValueLayer).value)
                return self
            }
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                seen.append((anObject as! ValueLayer).value)
            }
        }
        let stage = Stage(), probe = Probe()
        stage.layer.delegate = probe
        stage.layer.value = 50
        #expect(probe.seen == [0, 50])
        CATransaction.flush()
    }

    @Test func disableActionsSkipsTheSearchEntirely() {
        let stage = Stage(), delegate = Delegate()
        stage.layer.delegate = delegate
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.layer.opacity = 0.5
        CATransaction.commit()
        #expect(delegate.asked.isEmpty)
        #expect(stage.layer.animationKeys() == nil)
    }

    @Test func unchangedValuesRunNoAction() {
        let stage = Stage(), delegate = Delegate()
        stage.layer.delegate = delegate
        stage.layer.opacity = 1
        CATransaction.flush()
        #expect(delegate.asked.isEmpty)
    }

    @Test func layersOutsideAHostedTreeGetNoImplicitAnimation() {
        let layer = CALayer()
        layer.opacity = 0
        CATransaction.flush()
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation() == nil)
        #expect(layer.opacity == 0)
    }

    @Test func orderInAndOrderOutEventsAreAskedForWhenTheTreeChanges() {
        let stage = Stage(), delegate = Delegate(), child = CALayer()
        child.delegate = delegate
        stage.root.addSublayer(child)
        child.removeFromSuperlayer()
        CATransaction.flush()
        #expect(delegate.asked == [kCAOnOrderIn, kCAOnOrderOut])
    }
}
