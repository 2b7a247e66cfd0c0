import Foundation
import SwellCore

/// A stand-in for UIView: a named object backed by a layer whose delegate
/// it is, a grey 40-point square until told otherwise.
///
/// As objc.io's "View-Layer Synergy" shows of UIKit, a view answers its
/// layer's action search (``action(for:forKey:)``, the first step of the
/// search) with `NSNull` — no implicit animation — unless an animation
/// block is running: then the block's ``ViewAnimationContext`` answers. The
/// article swizzles `actionForLayer:forKey:` into UIView to add its pop
/// context; here the view consults the context directly.
final class View: CALayerDelegate {
    /// The view's backing layer, an ``InspectionLayer`` that logs the
    /// animations added to it.
    let layer: CALayer

    init(name: String) {
        layer = InspectionLayer()
        layer.name = name
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 0.45, green: 0.5, blue: 0.55, alpha: 1)
        layer.delegate = self
    }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimationContext.current?.action(for: layer, forKey: event) ?? NSNull()
    }
}

extension View {
    /// UIKit's animation block: property changes in `animations` animate
    /// over `duration` with ease-in-ease-out pacing, from the presented
    /// value, and fill both ways — the `CABasicAnimation` the article's
    /// inspection layer catches (`fillMode = both; timingFunction =
    /// easeInEaseOut; duration = 0.3; fromValue = …`).
    static func animate(withDuration duration: CFTimeInterval, animations: () -> Void) {
        ViewAnimationContext(.basic(duration: duration)).run(animations)
    }

    /// The article's `DR_popAnimationWithDuration:animations:`: draws attention
    /// to a change by animating to the new value with an aggressive curve
    /// and slowly back, leaving the model at the old value.
    ///
    /// While `animations` runs, the views record what changes and return
    /// `NSNull` — the new values are not known yet. Afterwards each saved
    /// change becomes a keyframe animation through [old, new, old] at key
    /// times [0, 0.35, 1], paced by an ease-in curve (1, 0, 0.8, 1) and an
    /// ease-out curve (0.2, 0, 0, 1); the model goes back to the old value
    /// with actions disabled, so that model and presentation agree when the
    /// animation is removed.
    static func popAnimation(withDuration duration: CFTimeInterval, animations: () -> Void) {
        let context = ViewAnimationContext(.pop)
        context.run(animations)
        for state in context.savedStates {
            state.pop(duration: duration)
        }
    }
}
