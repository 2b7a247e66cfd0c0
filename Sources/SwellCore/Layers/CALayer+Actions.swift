import Foundation

extension CALayer {
    /// The action search QuartzCore documents for `-[CALayer actionForKey:]`:
    ///
    /// 1. the delegate's ``CALayerDelegate/action(for:forKey:)``;
    /// 2. the layer's ``actions`` dictionary;
    /// 3. the ``style`` dictionary's `"actions"` entry, then the nested
    ///    `"style"` dictionaries in turn;
    /// 4. the class's ``defaultAction(forKey:)``;
    /// 5. the built-in implicit animation for CALayer's animatable
    ///    properties.
    ///
    /// The search stops at the first step that gives an action; `NSNull`
    /// stops it with no action (the result is then nil).
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let found = delegate?.action(for: self, forKey: event) { return found is NSNull ? nil : found }
        if let found = actions?[event] { return found is NSNull ? nil : found }
        var style = self.style
        while let dictionary = style {
            if let actions = dictionary["actions"] as? [String: any CAAction], let found = actions[event] {
                return found is NSNull ? nil : found
            }
            style = dictionary["style"] as? [AnyHashable: Any]
        }
        if let found = type(of: self).defaultAction(forKey: event) { return found is NSNull ? nil : found }
        return implicitAnimation(forKey: event)
    }

    /// A basic animation of `key` from its presented value — what QuartzCore
    /// runs when one of CALayer's animatable properties changes and nothing
    /// else answered the search: the properties declared `.implicit`
    /// (Apple's "Animatable Properties" table lists CALayer's with a
    /// default implied basic animation). Custom ``Dynamic`` properties get
    /// no implicit animation unless declared so or an action is provided
    /// for them, as the ClockFace of objc.io's "Animating Custom Layer
    /// Properties" shows; `CAShapeLayer.path` animates only explicitly
    /// (objc.io's "View-Layer Synergy", and Apple's `path` documentation).
    /// Its duration and timing function are filled in from the transaction
    /// when it is added.
    private func implicitAnimation(forKey key: String) -> (any CAAction)? {
        guard property(forKeyPath: key)?.declaration.animation == .implicit else { return nil }
        return CABasicAnimation.fromPresentedValue(of: self, keyPath: key)
    }
}

extension CABasicAnimation {
    /// The implicit action of objc.io's `AudioLayer` and ClockFace:
    /// `animation.fromValue = presentationLayer.key`, leaving `toValue` nil
    /// so the animation ends at the new model value. Falls back to the model
    /// value when the layer has no presentation yet.
    public static func fromPresentedValue(of layer: CALayer, keyPath: String) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = (layer.presentation() ?? layer).value(forKeyPath: keyPath)
        return animation
    }
}
