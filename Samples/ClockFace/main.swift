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
//
// `--frames DIR` also writes each display-link frame as a PNG: the article's
// clock, a face with an hour and a minute hand drawn in `draw(in:)` from the
// presented `time` (hours), as the article's first version drew it with two
// hand layers.
import Foundation
import SampleFrames
import SwellCore
import SwellRender

final class ClockFace: CALayer {
    @Dynamic("time") var time: Double = 0

    override init() {
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

    /// Prints the presented time, then draws it: `CALayer`'s own
    /// `display()` calls ``draw(in:)`` and keeps the drawing as `contents`.
    override func display() {
        print(String(format: "time: %f", presentation()?.time ?? time))
        super.display()
    }

    /// The face — a white disc with a 4-point black rim — and two hands
    /// from its centre: the hour hand (4 × 70 points) turned `time / 12` of a
    /// turn, the minute hand (2 × 90 points) the fraction of the hour, both
    /// clockwise from twelve o'clock, as the article's two hand layers are.
    override func draw(in ctx: CGContext) {
        let hours = presentation()?.time ?? time
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(4)
        ctx.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
        ctx.strokeEllipse(in: bounds.insetBy(dx: 2, dy: 2))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        for (turns, width, length) in [(hours / 12, 4.0, 70.0), (hours - hours.rounded(.down), 2.0, 90.0)] {
            ctx.saveGState()
            ctx.translateBy(x: center.x, y: center.y)
            ctx.rotate(by: turns * 2 * .pi)
            ctx.fill(CGRect(x: -width / 2, y: -length, width: width, height: length))
            ctx.restoreGState()
        }
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

// The window is 320 × 300 points; `--frames` writes every display frame.
let frames = SampleFrames(host: host, canvas: Canvas(width: 320, height: 300, backgroundColor: CGColor(
    red: 0.85, green: 0.88, blue: 0.92, alpha: 1)))

clockFace.time = 1.5
for k in 0..<20 {
    displayLink.step()
    frames.write(frame: k, at: displayLink.timestamp)
}
frames.finish()

// The article's first clock, before it draws one: two hand layers turned by
// `time`'s setter, each change animated by CALayer's implicit `transform`
// action. It prints nothing; `--frames` writes its frames into `layers/`:
// the clock set to 00:00, then to 01:30, 20 frames of the hands turning.
let handHost = HeadlessHost(clock: ManualClock())
let handView = CALayer()
let handClock = HandLayerClock()
handClock.position = CGPoint(x: 160, y: 150)
handView.addSublayer(handClock)
handHost.rootLayer = handView
CATransaction.flush()
let handLink = CADisplayLink(host: handHost) { _ in }
handLink.preferredFramesPerSecond = 60
let handFrames = SampleFrames(host: handHost, canvas: Canvas(width: 320, height: 300, backgroundColor: CGColor(
    red: 0.85, green: 0.88, blue: 0.92, alpha: 1)), subdirectory: "layers")
handClock.time = Date(timeIntervalSince1970: 90 * 60)
for k in 0..<20 {
    handLink.step()
    handFrames.write(frame: k, at: handLink.timestamp)
}
handFrames.finish()
