import Foundation
import SwellCore

/// A progress ring, with its arc length (1…100) as a custom animatable
/// property.
///
/// On Apple's platforms the ring would be a `CAShapeLayer`, drawn by animating
/// `strokeEnd`. Swell has no shape layer, so `strokeEnd` is declared here as
/// a dynamic property of its own; what the sample shows — how the action
/// turns a change of `arcLength` into an animation of `strokeEnd` — is the
/// same.
///
/// The layer is its own delegate (`self.delegate = self`), so the first
/// step of the action search, ``action(for:forKey:)``, answers for
/// `arcLength`.
final class CircularProgress: CALayer, CALayerDelegate {
    /// How much of the ring is drawn, 0…100.
    @Dynamic("arcLength") var arcLength: Double = 0
    /// The drawn fraction of the ring, 0…1 (`CAShapeLayer.strokeEnd`).
    @Dynamic("strokeEnd") var strokeEnd: Double = 0

    required init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
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
