import Foundation
import SwellCore
import Testing

// A keyframe bounce with NSValue-boxed points and a model update through
// setValue(_:forKeyPath:), as Objective-C-era code writes it. No edits.

func bounce(_ layer: CALayer, to end: CGPoint) {
    let animation = CAKeyframeAnimation(keyPath: "position")
    animation.values = [
        NSValue(cgPoint: layer.position),
        NSValue(cgPoint: CGPoint(x: end.x, y: end.y - 40)),
        NSValue(cgPoint: end),
    ]
    animation.keyTimes = [0, 0.7, 1]
    animation.duration = 1
    layer.setValue(NSValue(cgPoint: end), forKeyPath: "position")
    layer.add(animation, forKey: "bounce")
}

@Test func boxedKeyframesMoveTheLayer() throws {
    let stage = PortingStage()
    let ball = CALayer()
    ball.position = CGPoint(x: 10, y: 10)
    stage.view.addSublayer(ball)
    CATransaction.flush()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    bounce(ball, to: CGPoint(x: 110, y: 210))
    CATransaction.commit()
    #expect(ball.position == CGPoint(x: 110, y: 210))
    stage.clock.set(0.35)
    // Halfway to the second keyframe (110, 170), linearly.
    let position = try #require(ball.presentation()?.position)
    #expect(abs(position.x - 60) < 1e-9 && abs(position.y - 90) < 1e-9)
    #expect(ball.animation(forKey: "bounce")?.description.hasPrefix("<CAKeyframeAnimation: 0x") == true)
}
