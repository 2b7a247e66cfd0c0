import SwellAudio
import SwellScript

/// A script's generic layer (`"type": "layer"`): a CALayer whose extra
/// numeric keys are dynamic animatable properties, like `time` on the
/// ClockFace of objc.io's "Animating Custom Layer Properties", and `volume`,
/// its group gain.
///
/// Every such property gets the implicit action of that article's
/// `AudioLayer` and ClockFace — a basic animation from the presentation
/// value, with the event's duration and timing function
/// (docs/scripts.md#implicit-actions) — which CALayer gives only its own
/// properties.
final class ScriptLayer: BusLayer {
    /// The keys that animate implicitly.
    var animatableKeys: Set<String> = []

    required init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        animatableKeys = (layer as? ScriptLayer)?.animatableKeys ?? []
    }

    override func action(forKey event: String) -> (any CAAction)? {
        animatableKeys.contains(event) ? CABasicAnimation.fromPresentedValue(of: self, keyPath: event) : super.action(forKey: event)
    }
}
