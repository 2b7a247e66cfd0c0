import Foundation
import SwellCore
import Testing

// A pulse that starts half a second from now, its values boxed as Apple's
// code boxes them. No edits: CACurrentMediaTime() reads the host's clock.

func addPulse(to layer: CALayer) {
    let pulse = CABasicAnimation(keyPath: "transform")
    pulse.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
    pulse.toValue = NSValue(caTransform3D: CATransform3DMakeScale(1.2, 1.2, 1))
    pulse.duration = 0.4
    pulse.autoreverses = true
    pulse.beginTime = CACurrentMediaTime() + 0.5
    layer.add(pulse, forKey: "pulse")
}

@Test func aPulseBeginsHalfASecondFromNowOnTheHostsClock() throws {
    let stage = PortingStage()
    stage.clock.set(100)
    addPulse(to: stage.view)
    CATransaction.flush()
    stage.clock.set(100.4)
    #expect(stage.view.presentation()?.transform == CATransform3DIdentity)
    stage.clock.set(100.5 + 0.4)
    let scale = try #require(stage.view.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
    #expect(abs(scale - 1.2) < 1e-9)
}
