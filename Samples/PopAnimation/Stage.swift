import Foundation
import SampleFrames
import SwellCore
import SwellRender

/// A window of views hosted headless on its own manual clock, which starts
/// at 0, and the sampling of what it presents. With `--frames DIR`, each
/// report is also a PNG in `DIR/id/`; with `--gif DIR`, the stage in motion
/// is `DIR/id.gif`.
final class Stage {
    let clock = ManualClock()
    let host: HeadlessHost
    /// The window's layer, the root of the hosted tree.
    let window = CALayer()
    /// The views on stage; a layer holds its delegate weakly, so the stage
    /// keeps them.
    private var views: [View] = []
    /// The stage's frames, one per report.
    private let frames: SampleFrames
    private var reports = 0

    /// A stage titled `id — description`, printed as a `# id — description`
    /// header.
    init(_ id: String, _ description: String) {
        print("# \(id) — \(description)")
        window.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        window.position = CGPoint(x: 160, y: 240)
        host = HeadlessHost(rootLayer: window, clock: clock)
        frames = SampleFrames(host: host, canvas: Canvas(width: 320, height: 480, backgroundColor: .white), subdirectory: id)
    }

    /// The scene is over once nothing holds it: its GIF is complete.
    deinit {
        frames.finish()
    }

    /// Adds a view to the window at `position` and commits it. Being a
    /// view's layer, it takes `position` without an animation.
    func addView(named name: String, at position: CGPoint) -> View {
        let view = View(name: name)
        views.append(view)
        view.layer.position = position
        window.addSublayer(view.layer)
        CATransaction.flush()
        return view
    }

    /// Moves the clock to `t` and runs the host's animation life cycle there
    /// (delegates, removal of finished animations).
    func advance(to t: Double) {
        clock.set(t)
        host.tick()
    }

    /// Advances through `t = k / rate` for k = 0…⌊end · rate⌉ and reports
    /// `fields` at each time.
    func sample(through end: Double, samplesPerSecond rate: Int, _ fields: () -> [(String, Double)]) {
        for k in 0...Int((end * Double(rate)).rounded()) {
            advance(to: Double(k) / Double(rate))
            report(fields())
        }
    }

    /// Prints labelled numbers at the current time, as
    /// `t=0.050 positionView.position.x=71.000000`, and writes the next frame.
    func report(_ fields: [(String, Double)]) {
        let values = fields.map { label, value in "\(label)=" + String(format: "%.6f", value) }
        print(timestamp + values.joined(separator: " "))
        frames.write(frame: reports, at: host.currentTime)
        reports += 1
    }

    /// A line's prefix for an event at the current time: `t=0.750 `.
    var timestamp: String {
        String(format: "t=%.3f ", host.currentTime)
    }
}
