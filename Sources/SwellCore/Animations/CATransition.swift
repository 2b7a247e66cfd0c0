/// The kind of a transition (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fade = Self(rawValue: "fade")
    public static let moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push")
    public static let reveal = Self(rawValue: "reveal")
}

/// The direction of a transition (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fromRight = Self(rawValue: "fromRight")
    public static let fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop")
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// An animated transition between a layer's old and new state.
///
/// QuartzCore renders a transition by blending snapshots of the layer before
/// and after the change. Swell keeps the transition's progress — from
/// `startProgress` to `endProgress` over its duration, paced by its timing
/// function — on the presentation layer as ``CALayer/transitionProgress``,
/// the hook a host uses to blend: a visual renderer crossfades contents, an
/// audio layer crossfades its old and new sound. A transition is always
/// stored under ``kCATransition``.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1.
    open var startProgress: Float = 0
    /// Where the transition ends, 0…1.
    open var endProgress: Float = 1
    /// An optional filter object (unused by Swell's hosts).
    open var filter: Any?

    public required init() {
        super.init()
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }
}
