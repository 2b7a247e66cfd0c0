import Foundation

/// The abstract superclass of Core Animation's animations.
///
/// An animation is a timed object (``CAMediaTiming``, through
/// ``MediaTimingObject``) with an optional timing
/// function, a delegate and a removal policy. It is also an action
/// (``CAAction``): running it for a key adds it to the layer under that key,
/// which is how implicit animations happen.
///
/// As in QuartzCore, ``CALayer/add(_:forKey:)`` stores a *copy*: changing an
/// animation after adding it affects only later additions (the rocket example
/// of "Animations Explained" reuses one animation with a later `beginTime`).
/// Subclasses that add stored properties override ``init(copying:)``.
open class CAAnimation: MediaTimingObject, CAAction {
    /// The pacing of the animation over its simple duration; nil is linear.
    open var timingFunction: CAMediaTimingFunction?

    /// Receives start and stop. Strongly held, as QuartzCore documents.
    open var delegate: CAAnimationDelegate?

    /// Whether the animation is removed from its layer when its active
    /// duration ends (default true). A non-removed animation with a forwards
    /// fill keeps presenting its last value.
    open var isRemovedOnCompletion = true

    /// Bookkeeping of an added copy (resolved begin time, start/stop
    /// notification, transaction completion); nil on animations never added.
    var attachment: AnimationAttachment?

    public required init() {}

    /// Copies `animation`'s properties. ``CAAnimation/copy()`` calls this on the
    /// receiver's dynamic type.
    public required init(copying animation: CAAnimation) {
        timingFunction = animation.timingFunction
        delegate = animation.delegate
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        super.init()
        timing = animation.timing
    }

    /// A copy of the animation, of the same class.
    open func copy() -> Any {
        type(of: self).init(copying: self)
    }

    /// The default value of a property, as QuartzCore's
    /// `+[CAAnimation defaultValueForKey:]`.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "isRemovedOnCompletion", "removedOnCompletion": return true
        case "beginTime", "duration", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        default: return nil
        }
    }

    // MARK: CAAction

    /// Adds the animation to the layer under `event` — the implicit-animation
    /// path: a layer property change finds a `CAAnimation` as its action and
    /// runs it.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// Why the timing is unusable, or nil. QuartzCore has no rule for
    /// non-finite or negative timing, so such animations are refused when
    /// added, with this reason logged.
    func timingProblem() -> String? {
        let t = timing
        for (name, value) in [("beginTime", t.beginTime), ("duration", t.duration), ("speed", t.speed),
                              ("timeOffset", t.timeOffset), ("repeatCount", t.repeatCount),
                              ("repeatDuration", t.repeatDuration)] {
            if value.isNaN || (value.isInfinite && name != "repeatCount" && name != "repeatDuration") {
                return "\(name) is \(value)"
            }
        }
        if t.repeatCount < 0 { return "repeatCount \(t.repeatCount) is negative" }
        if t.repeatDuration < 0 { return "repeatDuration \(t.repeatDuration) is negative" }
        return nil
    }
}
