import Foundation
import Testing
@testable import SwellCore

/// The spellings Apple's code uses for values and time, against Apple's
/// documented meaning.
@Suite struct AppleSpellingTests {
    @Test func boxedValuesConvertToTheirProperties() {
        let layer = CALayer()
        layer.setValue(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "bounds")
        layer.setValue(NSValue(cgPoint: CGPoint(x: 5, y: 6)), forKeyPath: "position")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 3)), forKey: "transform")
        layer.setValue(NSValue(cgSize: CGSize(width: 7, height: 8)), forKey: "shadowOffset")
        #expect(layer.bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(layer.position == CGPoint(x: 5, y: 6))
        #expect(layer.transform == CATransform3DMakeTranslation(1, 2, 3))
        #expect(layer.shadowOffset == CGSize(width: 7, height: 8))
        layer.setValue([10, 20], forKey: "anchorPoint")
        layer.setValue([0, 0, 0.5, 0.5] as [NSNumber], forKey: "contentsRect")
        #expect(layer.anchorPoint == CGPoint(x: 10, y: 20))
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
    }

    @Test func boxesRoundTrip() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: t).cgAffineTransformValue == t)
        #expect(NSValue(cgVector: CGVector(dx: 3, dy: -4)).cgVectorValue == CGVector(dx: 3, dy: -4))
        #expect(NSValue(caTransform3D: CATransform3DMakeRotation(0.5, 0, 0, 1)).caTransform3DValue
            == CATransform3DMakeRotation(0.5, 0, 0, 1))
        // A box of another kind is not taken for a transform.
        #expect(NSValue(cgVector: CGVector(dx: 1, dy: 1)).caTransform3DValue == CATransform3DIdentity)
    }

    @Test func vectorsAnimateLikePoints() {
        let a = CGVector(dx: 0, dy: 10), b = CGVector(dx: 30, dy: -30)
        #expect(a.interpolated(to: b, fraction: 0.25) == CGVector(dx: 7.5, dy: 0))
        #expect(a.distance(to: b) == 50)
    }

    @Test(arguments: [(0.5, 0.3), (1.2, 0.0), (0.8, -0.4)])
    func springBounceAndPerceptualDurationRoundTrip(duration: Double, bounce: Double) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        #expect(abs(spring.perceptualDuration - duration) < 1e-12 && abs(spring.bounce - bounce) < 1e-12)
        // A bounce of 0 is critical damping, c = 2√(km).
        if bounce == 0 { #expect(abs(spring.damping - 2 * (spring.stiffness * spring.mass).squareRoot()) < 1e-9) }
        spring.bounce = 0.5
        #expect(abs(spring.perceptualDuration - duration) < 1e-12)
    }

    @Test func aDisplayLinksFrameRateRangeSetsItsRate() {
        let link = CADisplayLink(host: HeadlessHost()) { _ in }
        #expect(link.duration == 1.0 / 60, "the default range leaves the default rate")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 90)
        #expect(link.duration == 1.0 / 90)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 90, preferred: 24)
        #expect(link.duration == 1.0 / 24)
    }

    @Test func animationsDescribeThemselves() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.toValue = 0.5
        animation.duration = 2
        #expect(animation.description.hasPrefix("<CABasicAnimation: 0x"))
        #expect(animation.debugDescription.contains("keyPath=opacity, toValue=0.5, beginTime=0.0, duration=2.0"))
    }

    @Test func currentMediaTimeReadsTheCurrentHostsClock() {
        let clock = ManualClock(time: 1234.5)
        let host = HeadlessHost(clock: clock)
        host.rootLayer = CALayer()
        #expect(CACurrentMediaTime() == 1234.5)
        var inEvent: CFTimeInterval?
        host.schedule(at: 1300) { inEvent = CACurrentMediaTime() }
        host.runEvents(through: 2000)
        #expect(inEvent == 1300)
        // Another thread, with no host, reads the monotonic clock.
        let other = Locked<CFTimeInterval>(0)
        let thread = Thread { other.withLock { $0 = CACurrentMediaTime() } }
        let before = monotonicTime()
        thread.start()
        while other.withLock({ $0 }) == 0 { usleep(100) }
        #expect(other.withLock { $0 } >= before)
    }

    @Test func aHostThatGoesAwayStopsBeingCurrent() {
        do {
            let host = HeadlessHost(clock: ManualClock(time: -5))
            host.rootLayer = CALayer()
            #expect(CACurrentMediaTime() == -5)
            host.rootLayer = nil
        }
        #expect(CACurrentMediaTime() > 0)
    }
}
