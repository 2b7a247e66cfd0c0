import Foundation
import Testing
@testable import SwellCore

/// CASpringAnimation against a numerical solution of the spring equation
/// m·x″ + c·x′ + k·x = 0 (fourth-order Runge–Kutta, written here), and
/// Apple's documented settling durations.
@Suite struct SpringAnimationTests {
    /// The progress 0 → 1 of a spring released at the start, by RK4.
    func integrated(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double) -> Double {
        var x = 1.0, v = -v0
        let steps = 20_000, h = t / Double(steps)
        func accel(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
        for _ in 0..<steps {
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return 1 - x
    }

    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1, 100, 20, 0), (2, 100, 40, 0), (1, 300, 5, 8), (0.5, 80, 3, -2)])
    func closedFormMatchesTheIntegratedMotion(parameters: (Double, Double, Double, Double)) {
        let (m, k, c, v0) = parameters
        let spring = CASpringAnimation(keyPath: "value")
        spring.mass = m
        spring.stiffness = k
        spring.damping = c
        spring.initialVelocity = v0
        spring.fromValue = 0
        spring.toValue = 10
        spring.duration = 3
        let stage = Stage()
        stage.add(spring)
        for t in [0.05, 0.2, 0.5, 1.1, 2.4] {
            let expected = 10 * integrated(mass: m, stiffness: k, damping: c, velocity: v0, at: t)
            #expect(stage.peek(at: t).isApproximately(expected, tolerance: 1e-7), "t = \(t)")
        }
    }

    @Test func theDefaultsAreApples() {
        let spring = CASpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
    }

    @Test func settlingDurationMatchesApplesDocumentedExamples() {
        // CASpringAnimation.settlingDuration: damping 5 → "approximately
        // 2.85 seconds"; damping 15 → "just over 1 second".
        let spring = CASpringAnimation()
        spring.damping = 5
        #expect(Swift.abs(spring.settlingDuration - 2.85) < 0.05)
        spring.damping = 15
        #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.1)
    }

    @Test func aBounceOfZeroIsCriticallyDamped() {
        // Perceptual duration and bounce (SwiftUI's Spring(duration:bounce:)):
        // bounce 0 means critical damping, c = 2√(k·m).
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(Double(spring.damping).isApproximately(2 * Double(spring.stiffness * spring.mass).squareRoot(), tolerance: 1e-9))
        #expect(spring.duration == spring.settlingDuration)
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.5)
        #expect(bouncy.damping < spring.damping)
    }
}

/// CAAnimationGroup. Source: Apple's CAAnimationGroup reference — children
/// run in the group's time space and are clipped by the group's duration.
@Suite struct AnimationGroupTests {
    @Test func childrenAreClippedNotScaled() {
        let stage = Stage()
        let group = CAAnimationGroup()
        group.animations = [basic(from: 0, to: 10, duration: 2)]
        group.duration = 1
        stage.add(group)
        #expect(stage.peek(at: 0.5) == 2.5)
        #expect(stage.value(at: 1) == 0)
    }

    @Test func childBeginTimesAreInTheGroupsTimeSpace() {
        let stage = Stage()
        let child = basic(from: 0, to: 10, duration: 1)
        child.beginTime = 0.5
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.beginTime = 1
        stage.add(group)
        #expect(stage.peek(at: 1.4) == 0)
        #expect(stage.peek(at: 2) == 5)
    }

    @Test func theGroupsSpeedRetimesItsChildren() {
        let stage = Stage()
        let group = CAAnimationGroup()
        group.animations = [basic(from: 0, to: 10, duration: 2)]
        group.duration = 2
        group.speed = 2
        stage.add(group)
        #expect(stage.peek(at: 0.5) == 5)
    }

    @Test func childrenWithoutDurationTakeTheGroups() {
        let stage = Stage()
        let group = CAAnimationGroup()
        group.animations = [basic(from: 0, to: 10, duration: 0)]
        group.duration = 4
        stage.add(group)
        #expect(stage.peek(at: 1) == 2.5)
    }

    @Test func forwardFillNeedsTheGroupAndTheChild() {
        let stage = Stage()
        let child = basic(from: 0, to: 10, duration: 1)
        child.fillMode = .forwards
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        stage.add(group)
        #expect(stage.value(at: 5) == 10)
    }
}
