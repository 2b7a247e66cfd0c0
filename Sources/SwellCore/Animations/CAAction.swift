import Foundation

/// An object that responds to a layer event: a property change, the layer
/// entering or leaving a tree, or a transition.
///
/// When a layer property changes, the layer looks up an action for the key
/// (``CALayer/action(forKey:)``) *before* the value changes, and runs it
/// *after* the new value is stored — so an action can read the old value when
/// it is looked up and the new one when it runs (`actionForLayer:forKey:` is
/// called before the change, `runActionForKey:object:arguments:` after it, as
/// Samples/CircularProgress shows). ``CAAnimation`` is the usual action:
/// running it adds it to the layer.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is the action that does nothing and stops the search, as in
/// QuartzCore: a delegate returning `NSNull()` from
/// `action(for:forKey:)` disables the implicit animation for that key.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The event key for a layer inserted into a layer tree
/// (`action(forKey: kCAOnOrderIn)` is asked when it is added).
public let kCAOnOrderIn = "onOrderIn"

/// The event key for a layer removed from a layer tree.
public let kCAOnOrderOut = "onOrderOut"

/// The key under which a ``CATransition`` is stored on a layer, and the event
/// key for transition actions.
public let kCATransition = "transition"
