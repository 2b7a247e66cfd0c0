import Foundation
import SwellCore
import Testing

// A progress ring as a CAShapeLayer subclass, the way Apple's sample code
// and answers write one: its own `init(frame:)` calling `super.init()`, an
// `@NSManaged` property animated through `action(forKey:)`, and
// `init(layer:)` for the presentation copies. Edits: `@NSManaged` becomes
// `@Dynamic("progress")`, and `override init(layer:)` becomes `required`;
// no `init()` of its own.

final class ProgressRingLayer: CAShapeLayer {
    @Dynamic("progress") var progress: CGFloat

    init(frame: CGRect) {
        super.init()
        self.frame = frame
        path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
        fillColor = nil
        strokeColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        lineWidth = 8
        strokeEnd = 0
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> (any CAAction)? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = 1
        return animation
    }

    override func display() {
        strokeEnd = presentation()?.progress ?? progress
    }
}

@Test func aShapeLayerSubclassWithItsOwnInitialiserAnimatesItsProperty() throws {
    let stage = PortingStage()
    let ring = ProgressRingLayer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    stage.view.addSublayer(ring)
    CATransaction.flush()
    ring.progress = 0.8
    CATransaction.flush()
    stage.clock.set(0.5)
    let presented = try #require(ring.presentation())
    #expect(abs(presented.progress - 0.4) < 1e-9)
    #expect(presented.lineWidth == 8 && presented.bounds.width == 100)
    #expect(ProgressRingLayer.defaultValue(forKey: "progress") as? CGFloat == 0)
}
