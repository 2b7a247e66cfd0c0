import Foundation
import SwellCore
import Testing

// objc.io's "Animating Custom Layer Properties": a clock face whose `time`
// animates. Edits: `@NSManaged` becomes `@Dynamic("time")`, and
// `init(layer:)` is `required` rather than `override`.

final class ClockFaceLayer: CALayer {
    @Dynamic("time") var time: CGFloat

    override init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "time" ? 3 : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "time" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> (any CAAction)? {
        if event == "time" {
            let animation = CABasicAnimation(keyPath: event)
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.fromValue = presentation()?.time
            return animation
        }
        return super.action(forKey: event)
    }
}

@Test func aClockFacesTimeStartsAtItsDefaultAndAnimates() throws {
    let stage = PortingStage()
    let clock = ClockFaceLayer()
    stage.view.addSublayer(clock)
    CATransaction.flush()
    #expect(clock.time == 3, "the class's defaultValue(forKey:)")
    clock.time = 5
    CATransaction.flush()
    stage.clock.set(0.125)
    let presented = try #require(clock.presentation())
    #expect(abs(presented.time - 4) < 1e-9, "halfway through the 0.25 s implicit duration")
}
