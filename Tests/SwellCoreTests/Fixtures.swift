import Foundation
@testable import SwellCore

/// A layer with one custom animatable number, like the ClockFace of
/// objc.io's "Animating Custom Layer Properties".
final class ValueLayer: CALayer {
    @Dynamic("value") var value: Double = 0
}

/// A hosted tree on a manual clock: `root` → `layer`.
struct Stage {
    let clock = ManualClock()
    let host: HeadlessHost
    let root = CALayer()
    let layer = ValueLayer()

    init() {
        host = HeadlessHost(clock: clock)
        host.rootLayer = root
        root.addSublayer(layer)
        CATransaction.flush()
    }

    /// Sets the clock, runs the host's life cycle and returns the presented value.
    func value(at time: Double) -> Double {
        clock.set(time)
        host.tick()
        return layer.presentation()!.value
    }

    /// The presented value without running the life cycle (no removal).
    func peek(at time: Double) -> Double {
        clock.set(time)
        return layer.presentation()!.value
    }

    /// Adds an animation in its own transaction, committed at the clock's time.
    func add(_ animation: CAAnimation, forKey key: String? = "a", to target: CALayer? = nil) {
        CATransaction.begin()
        (target ?? layer).add(animation, forKey: key)
        CATransaction.commit()
    }
}

func basic(_ keyPath: String = "value", from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.byValue = by
    animation.duration = duration
    return animation
}

/// Records delegate callbacks.
final class DelegateLog: CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop(\(flag))") }
}
