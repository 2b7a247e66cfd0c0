/// One timed event of a script: at ``time`` the integrator opens a
/// `CATransaction`, applies ``transaction``'s settings, performs
/// ``action`` on the layer named ``layer`` and commits
/// (docs/scripts.md#events).
public struct EventSpec: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Model values to set by key path, each in its property's type;
        /// unless actions are disabled each change runs the layer's
        /// implicit action, a `CABasicAnimation` from the presentation
        /// value. Timing keys retime instead.
        case set([String: SceneValue])
        /// `CALayer.add(_:forKey:)`.
        case add(AnimationSpec, forKey: String?)
        /// `CALayer.removeAnimation(forKey:)`.
        case removeAnimation(forKey: String)
        /// `CALayer.removeAllAnimations()`, written `"remove": "*"`.
        case removeAllAnimations
        /// Web Audio's calls on a property's schedule
        /// (`CALayer.automation(forKeyPath:)`), all or none.
        case automate(AutomationSpec)
    }

    /// Seconds on the host clock from the start (`"at"`), finite and ≥ 0.
    public var time: Double
    /// The target layer's name; the first declared layer when the event
    /// names none.
    public var layer: String
    public var action: Action
    public var transaction: TransactionSpec
    /// Where the event's object starts in the script.
    public var location: SourceLocation

    public init(
        time: Double, layer: String, action: Action, transaction: TransactionSpec = TransactionSpec(),
        location: SourceLocation
    ) {
        self.time = time
        self.layer = layer
        self.action = action
        self.transaction = transaction
        self.location = location
    }
}

/// The `CATransaction` settings an event runs under.
public struct TransactionSpec: Hashable, Sendable {
    /// `CATransaction.setAnimationDuration(_:)`, from `"duration"`; nil
    /// keeps Core Animation's default of 0.25 s.
    public var animationDuration: Double?
    /// `CATransaction.setAnimationTimingFunction(_:)`, from
    /// `"timingFunction"`; nil means linear (docs/scripts.md#events).
    public var animationTimingFunction: TimingFunctionSpec?
    /// `CATransaction.setDisableActions(_:)`.
    public var disableActions: Bool

    public init(
        animationDuration: Double? = nil, animationTimingFunction: TimingFunctionSpec? = nil,
        disableActions: Bool = false
    ) {
        self.animationDuration = animationDuration
        self.animationTimingFunction = animationTimingFunction
        self.disableActions = disableActions
    }
}
