import Foundation
import SwellCore
import Testing

// An activity spinner: one dot replicated 12 times around a circle, each
// copy's fade delayed by instanceDelay. Waits for CAReplicatorLayer.
// No edits.

func makeSpinner(in view: CALayer) -> CAReplicatorLayer {
    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    view.addSublayer(replicator)

    let dot = CALayer()
    dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    dot.position = CGPoint(x: 50, y: 10)
    dot.cornerRadius = 4
    dot.backgroundColor = CGColor(gray: 0.2, alpha: 1)
    replicator.addSublayer(dot)

    let count = 12
    replicator.instanceCount = count
    replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
    let duration: CFTimeInterval = 1
    replicator.instanceDelay = duration / CFTimeInterval(count)

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.1
    fade.duration = duration
    fade.repeatCount = .infinity
    dot.add(fade, forKey: "fade")
    return replicator
}

@Test func theSpinnerHasTwelveDotsEachDelayed() {
    let stage = PortingStage()
    let spinner = makeSpinner(in: stage.view)
    #expect(spinner.instanceCount == 12 && abs(spinner.instanceDelay - 1.0 / 12) < 1e-12)
}
