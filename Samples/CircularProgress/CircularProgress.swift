import Foundation
import SwellCore

/// A progress ring, with its arc length (1…100) as a custom animatable
/// property.
///
/// The ring is a `CAShapeLayer`: a circle stroked 20 points wide from twelve
/// o'clock round clockwise, drawn up to `strokeEnd`, which the action
/// animates — how a change of `arcLength` becomes an animation of
/// `strokeEnd` is what the sample shows.
///
/// The layer is its own delegate (`self.delegate = self`), so the first
/// step of the action search, ``action(for:forKey:)``, answers for
/// `arcLength`.
final class CircularProgress: CAShapeLayer, CALayerDelegate {
    /// How much of the ring is drawn, 0…100.
    @Dynamic("arcLength") var arcLength: Double = 0

    override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        // Angles grow clockwise on screen, y pointing down: −π/2 is twelve
        // o'clock.
        let ring = CGMutablePath()
        ring.addArc(center: CGPoint(x: 100, y: 100), radius: 80, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                    clockwise: false)
        path = ring
        fillColor = nil
        strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        lineWidth = 20
        strokeEnd = 0
        delegate = self
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Asked *before* `arcLength` changes, so the action captures the old
    /// value here; the new one is only known when the action runs.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard event == "arcLength", let progress = layer as? CircularProgress else { return nil }
        print(String(format: "action(for:forKey: arcLength) oldValue=%.6f", progress.arcLength))
        return CircularProgressAction(oldValue: progress.arcLength)
    }
}

/// The action that animates `strokeEnd` from the old arc length to the new
/// one.
///
/// Run *after* the new value is stored, it reads the new value from the
/// layer and adds a 3 s basic animation that stays on the layer at its end
/// value (`isRemovedOnCompletion = false`, fill mode forwards): the model
/// `strokeEnd` is never set, so without the fill the ring would snap back.
final class CircularProgressAction: CAAction {
    /// The arc length before the change, captured when the action was looked up.
    let oldValue: Double

    init(oldValue: Double) {
        self.oldValue = oldValue
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let newValue = layer.value(forKey: event) as? Double else { return }
        print("run(forKey: \(event)) newValue=" + String(format: "%.6f", newValue))
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.duration = 3
        animation.fromValue = oldValue / 100
        animation.toValue = newValue / 100
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        layer.add(animation, forKey: "strokeEnd")
    }
}
