import Foundation

/// Seconds on a media timeline, as in QuartzCore (`CFTimeInterval` is a
/// `Double` there too; CoreFoundation's typedef is not visible on Linux).
public typealias CFTimeInterval = Double

/// The timing properties shared by layers and animations.
///
/// Core Animation gives layers and animations one hierarchical time model
/// ("CAMediaTiming"): every object maps its parent's time into its own local
/// time with `beginTime`, `speed` and `timeOffset`, and an animation's local
/// time is further shaped by `duration`, `repeatCount`, `repeatDuration`,
/// `autoreverses` and `fillMode`. ``CALayer`` and ``CAAnimation`` both
/// conform; the arithmetic lives in ``MediaTiming``.
public protocol CAMediaTiming: AnyObject {
    /// The begin time of the receiver in its parent's time space. For an
    /// animation, 0 means "when the transaction that added it commits".
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one simple iteration, in local seconds.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's (0 pauses).
    var speed: Float { get set }
    /// An additional offset in active local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats; fractional counts are allowed.
    var repeatCount: Float { get set }
    /// How long the object repeats for, in local seconds.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forwards and then backwards.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object presents before it begins and after it ends
/// (`kCAFillModeRemoved`, `…Forwards`, `…Backwards`, `…Both`).
public struct CAMediaTimingFillMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No effect outside the active duration (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the final value after the active duration.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the initial value before the begin time.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both forwards and backwards.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    public static let allCases: [Self] = [.removed, .forwards, .backwards, .both]
}
