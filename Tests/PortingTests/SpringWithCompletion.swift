import Foundation
import SwellCore
import Testing

// A spring "pop" with a completion block, as iOS 17 code writes it with
// CASpringAnimation's perceptual parameters. No edits.

func pop(_ layer: CALayer, completion: @escaping () -> Void) {
    CATransaction.begin()
    CATransaction.setCompletionBlock(completion)
    let spring = CASpringAnimation(keyPath: "transform.scale")
    spring.fromValue = 0.5
    spring.toValue = 1.0
    spring.perceptualDuration = 0.5
    spring.bounce = 0.3
    spring.duration = spring.settlingDuration
    layer.add(spring, forKey: "pop")
    CATransaction.commit()
}

@Test func aSpringPopsAndCallsItsCompletionBlock() throws {
    let stage = PortingStage()
    var completed = false
    pop(stage.view) { completed = true }
    let spring = try #require(stage.view.animation(forKey: "pop") as? CASpringAnimation)
    // SwiftUI's spring: stiffness (2π / 0.5)², damping 4π(1 − 0.3) / 0.5.
    #expect(abs(spring.stiffness - pow(4 * .pi, 2)) < 1e-9)
    #expect(abs(spring.damping - 4 * .pi * 0.7 / 0.5) < 1e-9)
    #expect(abs(spring.bounce - 0.3) < 1e-12 && abs(spring.perceptualDuration - 0.5) < 1e-12)
    stage.run(to: spring.duration / 2)
    #expect(!completed)
    stage.run(to: spring.duration + 0.01)
    #expect(completed)
}
