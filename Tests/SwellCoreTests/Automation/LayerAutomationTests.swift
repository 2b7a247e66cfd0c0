import Foundation
import Testing
@testable import SwellCore

/// A schedule on a layer property (docs/automation.md): read by
/// `presentation()` at the layer's time, cleared by `removeAnimation`,
/// under an additive animation added after it, and retimed by the layer's
/// own timing. References: Web Audio's formulas and Core Animation's
/// timing (`convertTime`, QA1673's pause).
@Suite("automation: schedules on layers")
struct LayerAutomationTests {
    final class Hosted {
        let clock = ManualClock()
        let root = CALayer()
        let layer = CALayer()
        let host: HeadlessHost

        init() {
            root.addSublayer(layer)
            host = HeadlessHost(rootLayer: root, clock: clock)
        }

        func opacity(at time: Double) -> Double {
            clock.set(time)
            return Double(layer.presentation()!.opacity)
        }
    }

    @Test("the calls chain, and presentation() follows each formula in the layer's time")
    func presented() throws {
        let hosted = Hosted()
        try hosted.layer.automation(forKeyPath: "opacity")
            .setValueAtTime(0.2, 1)
            .linearRampToValueAtTime(0.8, 2)
            .setTargetAtTime(0.1, 3, 0.5)
        CATransaction.flush()
        #expect(hosted.opacity(at: 0.5) == 1, "before the first event, the model value")
        #expect(hosted.opacity(at: 1) == Double(Float(0.2)))
        #expect(abs(hosted.opacity(at: 1.25) - 0.35) < 1e-6)
        #expect(abs(hosted.opacity(at: 2.5) - 0.8) < 1e-6)
        #expect(abs(hosted.opacity(at: 4) - (0.1 + 0.7 * exp(-2))) < 1e-6)
    }

    @Test("a call is made at the host's time: a ramp with no event before it starts then, from the model value")
    func callTime() throws {
        let hosted = Hosted()
        hosted.layer.opacity = 0.5
        CATransaction.flush()
        hosted.clock.set(2)
        _ = try hosted.host.withTime(2) { try hosted.layer.automation(forKeyPath: "opacity").linearRampToValueAtTime(1, 4) }
        CATransaction.flush()
        #expect(abs(hosted.opacity(at: 3) - 0.75) < 1e-6)
        #expect(hosted.opacity(at: 5) == 1)
    }

    @Test("removeAnimation(forKey:) clears the schedule; an additive animation added after it adds to it")
    func composition() throws {
        let hosted = Hosted()
        try hosted.layer.automation(forKeyPath: "opacity").setValueAtTime(0.25, 0)
        let bump = CABasicAnimation(keyPath: "opacity")
        bump.fromValue = 0.5; bump.toValue = 0.5; bump.isAdditive = true; bump.duration = 10; bump.beginTime = 0.001
        hosted.layer.add(bump, forKey: "bump")
        CATransaction.flush()
        #expect(hosted.opacity(at: 1) == 0.75)
        hosted.layer.removeAnimation(forKey: "opacity")
        CATransaction.flush()
        #expect(hosted.opacity(at: 1) == 1.5, "the model value 1 and the bump")
    }

    @Test("the layer's speed, timeOffset and a pause retime the schedule as they retime animations")
    func layerTime() throws {
        let hosted = Hosted()
        hosted.layer.speed = 2
        hosted.layer.timeOffset = 1
        // Called at host time 0, layer time 1: the setValue at 0 is moved
        // to 1, and the ramp runs from (1, 0) to (9, 1).
        try hosted.layer.automation(forKeyPath: "opacity").setValueAtTime(0, 0).linearRampToValueAtTime(1, 9)
        CATransaction.flush()
        // Layer time = 2·t + 1.
        #expect(abs(hosted.opacity(at: 1) - 2.0 / 8) < 1e-6)
        hosted.clock.set(2)
        hosted.host.withTime(2) {
            CATransaction.begin()
            hosted.layer.pause()
            CATransaction.commit()
        }
        #expect(abs(hosted.opacity(at: 3) - 4.0 / 8) < 1e-6, "held at layer time 5")
    }

    @Test("100,000 calls in one transaction make one schedule, compiled at the commit")
    func manyEvents() throws {
        let hosted = Hosted()
        let automation = hosted.layer.automation(forKeyPath: "opacity")
        for k in 0..<100_000 {
            try automation.linearRampToValueAtTime(k % 2 == 0 ? 1 : 0, Double(k + 1) / 100)
        }
        CATransaction.flush()
        #expect(automation.schedule.events.count == 100_000)
        // Between the ramps' ends, halfway up or down.
        #expect(abs(hosted.opacity(at: 500.005) - 0.5) < 1e-6)
    }

    @Test("a schedule of a value that is not a number is refused with a reason")
    func notANumber() throws {
        let hosted = Hosted()
        try hosted.layer.automation(forKeyPath: "position").setValueAtTime(1, 0)
        #expect(hosted.layer.animation(forKey: "position") == nil)
    }
}
