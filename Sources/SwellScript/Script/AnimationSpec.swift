import Foundation

/// An animation object of a script's `"add"`, in Core Animation's terms:
/// the integrator builds the `CAAnimation` subclass ``content`` names and
/// copies every property across. Keys in the script are the Objective-C
/// property names verbatim (`removedOnCompletion`, `additive`); fields here
/// use the Swift names (`isRemovedOnCompletion`, `isAdditive`).
///
/// Animated values (`fromValue`, `values` and the rest) are in the type of
/// the property the key path names: numbers for `volume`, `pan` and a
/// generic layer's dynamic properties; on a visual layer colours, points,
/// rectangles, paths, transforms… as its declaration writes them
/// (docs/scripts.md#values).
///
/// Defaults are Core Animation's. A `duration` of 0 means the transaction's
/// duration, as `CALayer.add(_:forKey:)` does; `beginTime` 0 means the
/// commit time, any other value is in the layer's time space
/// (docs/scripts.md#animation-objects).
public struct AnimationSpec: Hashable, Sendable {
    public enum AnimationType: String, CaseIterable, Hashable, Sendable {
        case basic, keyframe, group, spring, transition
    }

    /// The class-specific part of the animation.
    public enum Content: Hashable, Sendable {
        /// `CABasicAnimation`.
        case basic(BasicAnimationSpec)
        /// `CAKeyframeAnimation`.
        case keyframe(KeyframeAnimationSpec)
        /// `CAAnimationGroup` and its `animations`, in order.
        case group([AnimationSpec])
        /// `CASpringAnimation`.
        case spring(SpringAnimationSpec)
        /// `CATransition`.
        case transition(TransitionSpec)
    }

    public var content: Content

    // CAAnimation
    public var timingFunction: TimingFunctionSpec?
    public var isRemovedOnCompletion = true

    // CAMediaTiming
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var timeOffset: Double = 0
    public var speed: Double = 1
    /// `Double.infinity` for `"infinity"`: repeat forever.
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode = FillMode.removed

    /// Where the animation's object starts in the script.
    public var location: SourceLocation

    public init(_ content: Content, location: SourceLocation) {
        self.content = content
        self.location = location
    }

    public var type: AnimationType {
        switch content {
        case .basic: .basic
        case .keyframe: .keyframe
        case .group: .group
        case .spring: .spring
        case .transition: .transition
        }
    }

    /// `CAMediaTimingFillMode` raw values.
    public enum FillMode: String, CaseIterable, Hashable, Sendable {
        case removed, forwards, backwards, both
    }

    /// `CAAnimationCalculationMode` raw values.
    public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced
    }
}

/// The `CAPropertyAnimation` part shared by basic, spring and keyframe
/// animations.
public struct PropertyAnimationSpec: Hashable, Sendable {
    /// A property of the target layer (never a timing key).
    public var keyPath: String
    public var isAdditive = false
    public var isCumulative = false

    public init(keyPath: String) {
        self.keyPath = keyPath
    }
}

/// `CABasicAnimation`: at most two of the three values are set, as Core
/// Animation requires.
public struct BasicAnimationSpec: Hashable, Sendable {
    public var property: PropertyAnimationSpec
    public var fromValue: SceneValue?
    public var toValue: SceneValue?
    public var byValue: SceneValue?

    public init(property: PropertyAnimationSpec) {
        self.property = property
    }
}

/// `CASpringAnimation`, a basic animation driven by a damped spring; the
/// defaults and limits are those of Apple's header (mass and stiffness > 0,
/// damping ≥ 0).
public struct SpringAnimationSpec: Hashable, Sendable {
    public var basic: BasicAnimationSpec
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    public var initialVelocity: Double = 0

    public init(basic: BasicAnimationSpec) {
        self.basic = basic
    }
}

/// `CAKeyframeAnimation` with validated arrays: `keyTimes` within 0…1, never
/// decreasing, one per value (one more allowed for `discrete`), starting at
/// 0 and ending at 1 where Apple's documentation says they must;
/// `timingFunctions` one per segment; tension, continuity and bias one per
/// value.
///
/// A point property may instead move along ``path``, which Core Animation
/// uses in place of `values`; its key times and timing functions then count
/// the path's segments, so they are not checked against values.
public struct KeyframeAnimationSpec: Hashable, Sendable {
    /// `CAAnimationRotationMode` raw values: turn the layer to the path's
    /// tangent (`auto`), or to its opposite (`autoReverse`).
    public enum RotationMode: String, CaseIterable, Hashable, Sendable {
        case auto, autoReverse
    }

    public var property: PropertyAnimationSpec
    /// At least one value, unless ``path`` is set.
    public var values: [SceneValue]
    /// The path a point moves along.
    public var path: CGPath?
    public var rotationMode: RotationMode?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunctionSpec]?
    public var calculationMode = AnimationSpec.CalculationMode.linear
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?

    public init(property: PropertyAnimationSpec, values: [SceneValue]) {
        self.property = property
        self.values = values
    }
}

/// `CATransition`. Its `type` is written `"transitionType"` in a script,
/// because `"type"` names the animation class.
public struct TransitionSpec: Hashable, Sendable {
    /// `CATransitionType` raw values.
    public enum TransitionType: String, CaseIterable, Hashable, Sendable {
        case fade, moveIn, push, reveal
    }

    /// `CATransitionSubtype` raw values.
    public enum Subtype: String, CaseIterable, Hashable, Sendable {
        case fromRight, fromLeft, fromTop, fromBottom
    }

    public var type = TransitionType.fade
    public var subtype: Subtype?
    /// 0…1 and not after ``endProgress``.
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    public init() {}
}
