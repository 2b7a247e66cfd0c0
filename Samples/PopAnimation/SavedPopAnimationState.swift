import Foundation
import SwellCore

/// What a pop animation needs to know of one change — the layer, the key
/// path and the value before the change (the `DRSavedPopAnimationState` of
/// objc.io's "View-Layer Synergy").
struct SavedPopAnimationState {
    let layer: CALayer
    let keyPath: String
    let oldValue: Any

    /// Records the current value of `keyPath`; made while the action is
    /// looked up, before the new value is stored.
    init(layer: CALayer, keyPath: String) {
        self.layer = layer
        self.keyPath = keyPath
        oldValue = layer.value(forKeyPath: keyPath) as Any
    }

    /// Turns the change into the pop: a keyframe animation through
    /// [old, new, old], added after the model is set back to the old value
    /// without an action.
    func pop(duration: CFTimeInterval) {
        let newValue = layer.value(forKeyPath: keyPath) as Any
        print("saved state: \(layer.name ?? "layer").\(keyPath) old=\(describeValue(oldValue)) new=\(describeValue(newValue))")

        let animation = CAKeyframeAnimation(keyPath: keyPath)
        let easing = 0.2
        let easeIn = CAMediaTimingFunction(controlPoints: 1, 0, 1 - easing, 1)
        let easeOut = CAMediaTimingFunction(controlPoints: easing, 0, 0, 1)
        animation.duration = duration
        animation.keyTimes = [0, 0.35, 1]
        animation.values = [oldValue, newValue, oldValue]
        animation.timingFunctions = [easeIn, easeOut]

        // Back to the old value without an animation.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(oldValue, forKeyPath: keyPath)
        CATransaction.commit()

        // Animate the "pop".
        layer.add(animation, forKey: keyPath)
    }
}
