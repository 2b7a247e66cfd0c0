import Foundation
import SwellCore
import Testing

// A progress ring: a CAShapeLayer stroking an arc, its strokeEnd animated.
// Waits for CAShapeLayer and for CGMutablePath's reference semantics
// (`let path = CGMutablePath(); path.addArc(…)`). No edits.

final class ProgressRing {
    let track = CAShapeLayer()
    let bar = CAShapeLayer()

    init(in view: CALayer, radius: CGFloat) {
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        let path = CGMutablePath()
        path.addArc(center: center, radius: radius, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        for layer in [track, bar] {
            layer.path = path
            layer.fillColor = nil
            layer.lineWidth = 8
            layer.lineCap = .round
            view.addSublayer(layer)
        }
        track.strokeColor = CGColor(gray: 0.9, alpha: 1)
        bar.strokeColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        bar.strokeEnd = 0
    }

    func setProgress(_ progress: CGFloat, animated: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = bar.presentation()?.strokeEnd ?? bar.strokeEnd
        animation.toValue = progress
        animation.duration = 0.5
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        bar.strokeEnd = progress
        if animated { bar.add(animation, forKey: "progress") }
        CATransaction.commit()
    }
}

@Test func theRingsStrokeEndEasesToTheProgress() throws {
    let stage = PortingStage()
    let ring = ProgressRing(in: stage.view, radius: 100)
    ring.setProgress(0.75, animated: true)
    CATransaction.flush()
    stage.clock.set(0.5)
    let end = try #require(ring.bar.presentation()?.strokeEnd)
    #expect(abs(end - 0.75) < 1e-9)
}
