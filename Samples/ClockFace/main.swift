// ClockFace — Nick Lockwood, "Animating Custom Layer Properties" (objc.io
// issue 12).
//
// A layer subclass with a custom dynamic property, `time`, that Core
// Animation interpolates: `needsDisplay(forKey:)` asks for `display()` while
// it changes, and `action(forKey:)` returns a linear basic animation that
// starts from the *presentation* value. Setting `time = 1.5` then calls
// `display()` once per display-link frame — 60 per second for the default
// 0.25 s — and each call prints the presented, interpolated time, the log
// the article shows once it reads `presentationLayer`.
import Foundation
import SwellCore

final class ClockFace: CALayer {
    @Dynamic("time") var time: Double = 0

    required init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    }

    required init(layer: Any) {
        super.init(layer: layer)
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

    override func display() {
        print(String(format: "time: %f", presentation()?.time ?? time))
    }
}

// A window's worth of layer tree, rendered headless on a manual clock.
let host = HeadlessHost(clock: ManualClock())
let view = CALayer()
host.rootLayer = view
let clockFace = ClockFace()
clockFace.position = CGPoint(x: 160, y: 150)
view.addSublayer(clockFace)
CATransaction.flush()

// A 60 Hz display link; each step is one frame.
let displayLink = CADisplayLink(host: host) { _ in }
displayLink.preferredFramesPerSecond = 60

clockFace.time = 1.5
for _ in 0..<20 {
    displayLink.step()
}
