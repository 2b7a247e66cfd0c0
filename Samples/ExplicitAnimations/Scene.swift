import Foundation
import SampleFrames
import SwellCore
import SwellRender

/// One demonstration of the article: a parent layer hosted headless on its
/// own manual clock, which starts at 0, and the sampling of its layers'
/// presented values.
///
/// The article's layers back views (`rocket.layer`, `form.layer`,
/// `card.layer`), and a view answers its layer's action search with
/// `NSNull`, so setting a model value there never animates implicitly
/// (objc.io's "View-Layer Synergy"). ``commit(_:)`` reproduces that with
/// `CATransaction.setDisableActions(true)`: `rocket.position = …` after
/// adding an explicit animation only updates the model.
///
/// With `--frames DIR`, each sampled time is also a PNG in `DIR/id/`; with
/// `--gif DIR`, the scene in motion is `DIR/id.gif`.
final class Scene {
    let clock = ManualClock()
    let host: HeadlessHost
    /// The parent view's layer.
    let view = CALayer()
    /// The scene's frames, one per sampled time.
    private let frames: SampleFrames

    /// A scene titled `id — description`; the title is printed as a
    /// `# id — description` header.
    init(_ id: String, _ description: String) {
        print("# \(id) — \(description)")
        view.bounds = CGRect(x: 0, y: 0, width: 480, height: 480)
        view.position = CGPoint(x: 240, y: 240)
        host = HeadlessHost(rootLayer: view, clock: clock)
        frames = SampleFrames(host: host, canvas: Canvas(width: 480, height: 480, backgroundColor: .white), subdirectory: id)
    }

    /// The scene is over once nothing holds it: its GIF is complete.
    deinit {
        frames.finish()
    }

    /// Adds a named layer at `position` to the parent view and commits it:
    /// a 40-point orange square with a dark border along its top edge, so
    /// that its rotation shows.
    func addLayer(named name: String, at position: CGPoint) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 0.96, green: 0.55, blue: 0.1, alpha: 1)
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 40, height: 8)
        top.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        layer.addSublayer(top)
        layer.position = position
        view.addSublayer(layer)
        CATransaction.flush()
        return layer
    }

    /// Runs `changes` in one transaction, committed at the clock's current
    /// time, with implicit actions off as for a view's layer.
    func commit(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// The host time `delay` seconds from now in `layer`'s time space — the
    /// article's `CACurrentMediaTime() + delay`. Animation begin times are
    /// in the layer's time space and the host runs on its own clock, so the
    /// time is converted from the host's rather than read from
    /// ``CACurrentMediaTime()``.
    func time(after delay: CFTimeInterval, in layer: CALayer) -> CFTimeInterval {
        layer.convertTime(host.currentTime + delay, from: nil)
    }

    /// Moves the clock through `t = k / rate` for k = 0…⌊end · rate⌉, running
    /// the host's animation life cycle at each time (delegates, removal of
    /// finished animations), and prints the presented value of every
    /// `(layer, keyPath)` as `t=0.125 rocket.position.x=124.250000`; frame k
    /// is the scene at that time.
    func sample(through end: Double, samplesPerSecond rate: Int, _ keyPaths: [(CALayer, String)]) {
        for k in 0...Int((end * Double(rate)).rounded()) {
            let t = Double(k) / Double(rate)
            clock.set(t)
            host.tick()
            let fields = keyPaths.map { layer, keyPath in
                "\(layer.name ?? "layer").\(keyPath)=" + String(format: "%.6f", presentedNumber(of: layer, at: keyPath))
            }
            print(String(format: "t=%.3f ", t) + fields.joined(separator: " "))
            frames.write(frame: k, at: t)
        }
    }

    /// The presented value at a numeric key path (`position.x`,
    /// `transform.rotation.z`, `zPosition`), or NaN when the layer has no
    /// presentation or the value is not a number.
    private func presentedNumber(of layer: CALayer, at keyPath: String) -> Double {
        switch layer.presentation()?.value(forKeyPath: keyPath) {
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Float: Double(value)
        default: .nan
        }
    }
}
