// CircularProgress — a progress ring animated by a custom action.
//
// A custom action object: the layer's delegate answers the change of
// `arcLength` with a `CircularProgressAction` that remembers the old value
// (the delegate is asked before the change), and the action, run after the
// change, reads the new value and animates `strokeEnd` from old/100 to
// new/100 over 3 s. Setting `arcLength = 50` therefore prints the lookup
// (old value 0), the run (new value 50), and then a ring that fills linearly
// from 0 to 0.5 and stays there. A change made with actions disabled finds
// no action at all: the layer does not search for one.
//
// `--frames DIR` also writes a PNG at each time printed: the gradient seen
// through the growing ring.
import Foundation
import SampleFrames
import SwellCore
import SwellRender

// The view controller: a gradient layer, masked by the progress ring.
let clock = ManualClock()
let host = HeadlessHost(clock: clock)
let view = CALayer()
view.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
view.position = CGPoint(x: 200, y: 200)
host.rootLayer = view
let gradientLayer = CAGradientLayer()
gradientLayer.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
gradientLayer.colors = [CGColor(red: 1, green: 0.37, blue: 0.23, alpha: 1), CGColor(red: 0.35, green: 0.2, blue: 0.9, alpha: 1)]
view.addSublayer(gradientLayer)
let circularProgress = CircularProgress()
circularProgress.frame = gradientLayer.bounds
gradientLayer.mask = circularProgress
CATransaction.flush()
let frames = SampleFrames(host: host, canvas: Canvas(width: 400, height: 400, backgroundColor: CGColor(
    red: 1, green: 1, blue: 1, alpha: 1)))
var frameCount = 0

/// Prints the presented ring at host time `t`, after running the host's
/// animation life cycle there, and writes it as the next frame.
@MainActor func sample(at t: Double) {
    clock.set(t)
    host.tick()
    guard let presented = circularProgress.presentation() else { return }
    print(String(format: "t=%.3f circularProgress.strokeEnd=%.6f circularProgress.arcLength=%.6f",
                 t, Double(presented.strokeEnd), presented.arcLength))
    frames.write(frame: frameCount, at: t)
    frameCount += 1
}

// The button's action, committed at t = 0.
print("# set — arcLength = 50")
circularProgress.arcLength = 50
CATransaction.flush()
for k in 0...16 {
    sample(at: Double(k) / 4)
}

// With actions disabled the layer's actionForKey: is not called at all:
// no lookup is printed, and the ring keeps the filled end of the first
// animation, which was not removed.
print("# disabled — arcLength = 80 with actions disabled")
CATransaction.begin()
CATransaction.setDisableActions(true)
circularProgress.arcLength = 80
CATransaction.commit()
sample(at: 4.5)
frames.finish()
