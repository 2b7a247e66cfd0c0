import Foundation
import SwellCore
import Testing

// A layer orbiting along an ellipse path, with Core Graphics' `transform:
// nil`. No edits.

func orbit(_ layer: CALayer, around rect: CGRect) {
    let animation = CAKeyframeAnimation(keyPath: "position")
    animation.path = CGPath(ellipseIn: rect, transform: nil)
    animation.duration = 4
    animation.calculationMode = .paced
    animation.repeatCount = .infinity
    layer.add(animation, forKey: "orbit")
}

@Test func aLayerOrbitsOnItsEllipse() throws {
    let stage = PortingStage()
    let moon = CALayer()
    stage.view.addSublayer(moon)
    orbit(moon, around: CGRect(x: 60, y: 140, width: 200, height: 200))
    CATransaction.flush()
    for t in [0.3, 1.1, 2.9, 5.2] {
        stage.clock.set(t)
        let p = try #require(moon.presentation()?.position)
        // On the circle of radius 100 about (160, 240), to the flattening
        // of its four Bézier arcs (< 0.03 %).
        #expect(abs(hypot(p.x - 160, p.y - 240) - 100) < 0.03)
    }
}
