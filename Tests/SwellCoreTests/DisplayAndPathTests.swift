import Foundation
import Testing
@testable import SwellCore

/// The display link and `display()`, and animations along paths. Sources:
/// Apple's CADisplayLink reference (timestamp, targetTimestamp, duration,
/// isPaused); objc.io's "Animating Custom Layer Properties" (display while
/// a needsDisplay key animates) and "Animations Explained" (the orbit:
/// paced, additive, rotateAuto along an ellipse).
@Suite struct DisplayAndPathTests {
    final class Counting: CALayer {
        @Dynamic("level") var level: Double = 0
        /// The presented level at each `display()`.
        var displays: [Double] = []
        override class func needsDisplay(forKey key: String) -> Bool { key == "level" }
        override func action(forKey event: String) -> (any CAAction)? {
            event == "level" ? CABasicAnimation.fromPresentedValue(of: self, keyPath: event) : super.action(forKey: event)
        }
        override func display() {
            displays.append(presentation()?.level ?? level)
        }
    }

    @Test func framesComeFromTheFrameCounterOnAManualClock() {
        let clock = ManualClock(time: 10)
        let host = HeadlessHost(rootLayer: CALayer(), clock: clock)
        var stamps: [(Double, Double)] = []
        let link = CADisplayLink(host: host) { stamps.append(($0.timestamp, $0.targetTimestamp)) }
        link.preferredFramesPerSecond = 30
        for _ in 0..<4 { link.step() }
        #expect(stamps.map(\.0) == (0..<4).map { 10 + Double($0) / 30 })
        #expect(stamps.map(\.1) == (1...4).map { 10 + Double($0) / 30 })
        #expect(link.duration == 1.0 / 30)
        link.isPaused = true
        link.step()
        #expect(stamps.count == 4)
    }

    @Test func displayRunsEveryFrameWhileANeedsDisplayKeyAnimatesAndOnceAfter() {
        let host = HeadlessHost(clock: ManualClock())
        let layer = Counting()
        host.rootLayer = layer
        CATransaction.flush()
        let link = CADisplayLink(host: host) { _ in }
        layer.level = 1 // 0.25 s at 60 Hz: frames 0…15
        for _ in 0..<30 { link.step() }
        let shown = layer.displays
        #expect(shown.count == 16)
        #expect(shown.first == 0)
        #expect(shown.last == 1)
    }

    @Test func theTargetActionFormCallsTheTarget() {
        final class Target {
            var count = 0
            func tick(_ link: CADisplayLink) { count += 1 }
        }
        let target = Target()
        let link = CADisplayLink(host: HeadlessHost(rootLayer: CALayer()), target: target, action: Target.tick)
        link.step()
        link.step()
        #expect(target.count == 2)
    }

    @Test func theOrbitMovesAtConstantSpeedAroundTheEllipseFacingAhead() throws {
        // The orbit of "Animations Explained":
        // CGPathCreateWithEllipseInRect((−150, −150, 300, 300)), paced,
        // additive, rotateAuto, duration 4.
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.root.position = CGPoint(x: 200, y: 200)
        CATransaction.commit()
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = CGPath(ellipseIn: CGRect(x: -150, y: -150, width: 300, height: 300))
        orbit.duration = 4
        orbit.isAdditive = true
        orbit.repeatCount = .infinity
        orbit.calculationMode = .paced
        orbit.rotationMode = .rotateAuto
        stage.add(orbit, to: stage.root)
        var points: [CGPoint] = [], angles: [Double] = []
        for k in 0..<80 {
            stage.clock.set(Double(k) * 0.05)
            let presented = try #require(stage.root.presentation())
            points.append(CGPoint(x: presented.position.x - 200, y: presented.position.y - 200))
            angles.append(atan2(Double(presented.transform.m12), Double(presented.transform.m11)))
        }
        // Starts at (maxX, midY) like CoreGraphics' ellipse.
        #expect(Swift.abs(points[0].x - 150) < 1e-9 && Swift.abs(points[0].y) < 1e-9)
        // Equal time steps cover equal arc: chords of equal length.
        let chords = zip(points, points.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let mean = chords.reduce(0, +) / CGFloat(chords.count)
        #expect(chords.allSatisfy { Swift.abs($0 - mean) < 1e-3 * mean })
        // Facing ahead: the rotation is the direction of travel, here the
        // direction of the chord centred on the sample.
        for k in 1..<(points.count - 1) {
            let ahead = atan2(Double(points[k + 1].y - points[k - 1].y), Double(points[k + 1].x - points[k - 1].x))
            let difference = remainder(angles[k] - ahead, 2 * .pi)
            #expect(Swift.abs(difference) < 0.01, "k = \(k)")
        }
    }
}

/// A display link added to a run loop fires live, on the host clock.
@Suite struct LiveDisplayLinkTests {
    @Test func aRunLoopDisplayLinkFiresAtItsRate() {
        let host = HeadlessHost(rootLayer: CALayer(), clock: HostClock())
        var stamps: [Double] = []
        let link = CADisplayLink(host: host) { stamps.append($0.timestamp) }
        link.preferredFramesPerSecond = 100
        link.add(to: .current, forMode: .default)
        let start = Date()
        while Date().timeIntervalSince(start) < 0.3 { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        link.invalidate()
        // 0.3 s at 100 Hz: about 30 frames (timers on a loaded machine can
        // slip, never run ahead), with non-decreasing timestamps on the host clock.
        #expect(stamps.count >= 10 && stamps.count <= 31)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Swift.abs(stamps.last! - CACurrentMediaTime()) < 1)
    }
}
