import Testing
@testable import SwellCore

/// `RenderHost.lastAnimationEnd`: when a hosted tree stops moving, by
/// `CAMediaTiming`'s definition of the active duration (Apple's
/// "CAMediaTiming": `repeatCount` iterations of `duration`, each doubled by
/// `autoreverses`, or `repeatDuration`; local time runs at `speed`, and a
/// layer's `beginTime`, `speed` and `timeOffset` map it to its parent's).
@Suite struct AnimationEndTests {
    /// A host on a manual clock at `now` with a root and one sublayer.
    private func stage(now: Double = 0) -> (host: HeadlessHost, layer: CALayer) {
        let host = HeadlessHost(clock: ManualClock(time: now))
        let root = CALayer()
        host.rootLayer = root
        let layer = CALayer()
        layer.name = "box"
        root.addSublayer(layer)
        CATransaction.flush()
        return (host, layer)
    }

    private func fade(duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1
        animation.toValue = 0
        animation.duration = duration
        return animation
    }

    @Test func noAnimationsNoEnd() {
        #expect(stage().host.lastAnimationEnd == nil)
    }

    @Test func committedAtTwoAutoreversingThreeTimesAtDoubleSpeed() throws {
        let (host, layer) = stage(now: 2)
        let animation = fade(duration: 0.5)
        animation.autoreverses = true
        animation.repeatCount = 3
        animation.speed = 2
        layer.add(animation, forKey: "blink")
        layer.add(fade(duration: 1), forKey: "short")
        CATransaction.flush()
        // Begins at the commit, 2; active 0.5 × 2 × 3 = 3 local seconds at speed 2: 1.5 s.
        let last = try #require(host.lastAnimationEnd)
        #expect(last.time == 3.5 && last.layer === layer && (last.animation as? CABasicAnimation)?.keyPath == "opacity")
        #expect(last.animation.repeatCount == 3)
    }

    @Test func repeatDurationAndTheLayersTiming() throws {
        let (host, layer) = stage()
        // The layer's local time is (t − 1) · 4 + 0.5: local L is host 1 + (L − 0.5)/4.
        layer.beginTime = 1
        layer.speed = 4
        layer.timeOffset = 0.5
        let animation = fade(duration: 1)
        animation.beginTime = 10
        animation.repeatDuration = 2.5
        layer.add(animation, forKey: "fade")
        CATransaction.flush()
        // Local end 10 + 2.5 = 12.5: host 1 + 12 / 4 = 4.
        #expect(try #require(host.lastAnimationEnd).time == 4)
    }

    @Test func anEndlessAnimationOrAPausedLayerNeverEnds() throws {
        let (host, layer) = stage()
        let endless = fade(duration: 1)
        endless.repeatCount = .infinity
        layer.add(endless, forKey: "endless")
        CATransaction.flush()
        #expect(try #require(host.lastAnimationEnd).time == .infinity)

        let (pausedHost, pausedLayer) = stage()
        pausedLayer.add(fade(duration: 1), forKey: "fade")
        pausedLayer.speed = 0
        CATransaction.flush()
        #expect(try #require(pausedHost.lastAnimationEnd).time == .infinity)
    }
}
