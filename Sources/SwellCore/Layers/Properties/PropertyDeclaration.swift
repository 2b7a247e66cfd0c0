/// What a layer property is beyond its type and default, declared once with
/// the property (``Dynamic``): how it animates, whether it asks for
/// `display()`, the values it takes and how they are written.
///
/// Everything that sets, animates, shows or checks a property reads it from
/// there — the action search, `needsDisplay(forKey:)`, key-value coding, a
/// script's layers and events, `swell ctl` and `swell curve`
/// (docs/library.md#the-property-table) — so a property declared in a class
/// is settable, animatable and readable everywhere, with its own errors.
///
/// A declaration shared by several classes is a static constant —
/// ``volume`` is every layer's group gain (``SoundGroup``) — and a class
/// uses it as it is or ``displayed()``.
public struct PropertyDeclaration: Sendable, Equatable {
    /// The key-value-coding key.
    public let key: String
    public let animation: PropertyAnimation
    /// Whether a change, or a running animation, asks for `display()`
    /// (`needsDisplay(forKey:)`).
    public let needsDisplay: Bool
    /// The numbers the property takes; nil for any.
    public let range: PropertyRange?
    /// How a value is written beside its type's own form.
    public let syntax: ValueSyntax

    public init(_ key: String, _ animation: PropertyAnimation = .explicit, display: Bool = false,
                range: PropertyRange? = nil, syntax: ValueSyntax = .standard) {
        self.key = key
        self.animation = animation
        self.needsDisplay = display
        self.range = range
        self.syntax = syntax
    }

    /// The same property, asking for `display()` when it changes: the
    /// display path of an audio layer's volume, a mixer's level.
    public func displayed() -> PropertyDeclaration {
        PropertyDeclaration(key, animation, display: true, range: range, syntax: syntax)
    }
}

/// How a property animates (Apple's "Animatable Properties").
public enum PropertyAnimation: Sendable, Equatable {
    /// A change runs Core Animation's implicit action in a hosted tree: a
    /// `CABasicAnimation` from the presented value to the new model value,
    /// over the transaction's duration with its timing function — what
    /// CALayer's `opacity` and objc.io's `AudioLayer.volume` do.
    case implicit
    /// Animated by explicit animations only, as `CAShapeLayer.path` and a
    /// custom `@dynamic` property without an action are.
    case explicit
    /// Not animated: a setting such as `emitterShape` or `seed`. An
    /// animation of it is refused where a script names it.
    case none
}

/// The numbers a property takes: an inclusive lower bound, upper bound or
/// both, and what a value outside means.
public struct PropertyRange: Sendable, Equatable {
    public let lowerBound: Double?
    public let upperBound: Double?
    /// When the lower bound itself is refused.
    public let excludesLowerBound: Exclusion
    /// Why, appended to the message: "it is a linear amplitude".
    public let reason: String?

    /// When a range refuses its lower bound: a filter's `Q` never reaches
    /// 0, a layer's `rate` may fall to 0 only on its way somewhere (a tape
    /// stop), never as a value it holds.
    public enum Exclusion: Sendable, Equatable {
        case never
        case always
        /// When the value is set to hold, not animated to.
        case whenHeld
    }

    public init(lowerBound: Double? = nil, upperBound: Double? = nil, excludesLowerBound: Exclusion = .never,
                reason: String? = nil) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.excludesLowerBound = excludesLowerBound
        self.reason = reason
    }

    /// 0 or more.
    public static func nonNegative(_ reason: String? = nil) -> PropertyRange {
        PropertyRange(lowerBound: 0, reason: reason)
    }

    /// Within `range`, both ends included.
    public static func within(_ range: ClosedRange<Double>) -> PropertyRange {
        PropertyRange(lowerBound: range.lowerBound, upperBound: range.upperBound)
    }

    /// Whether `value` is in the range, as a value animated to (`held`
    /// false) or held.
    public func contains(_ value: Double, held: Bool = true) -> Bool {
        guard value <= (upperBound ?? .infinity), let lowerBound else { return value <= (upperBound ?? .infinity) }
        return excludes(held: held) ? value > lowerBound : value >= lowerBound
    }

    private func excludes(held: Bool) -> Bool {
        excludesLowerBound == .always || (held && excludesLowerBound == .whenHeld)
    }

    /// What `key` must be: `"pan" must be within -1…1`.
    public func requirement(forKey key: String, held: Bool = true) -> String {
        let bounds: String
        let above = excludes(held: held)
        switch (lowerBound, upperBound) {
        case (0?, nil): bounds = above ? "must be greater than 0" : "must not be negative"
        case (let lower?, nil): bounds = "must be \(above ? "greater than" : "at least") \(Self.format(lower))"
        case (nil, let upper?): bounds = "must be at most \(Self.format(upper))"
        case (let lower?, let upper?):
            bounds = above ? "must be greater than \(Self.format(lower)) and at most \(Self.format(upper))"
                : "must be within \(Self.format(lower))…\(Self.format(upper))"
        case (nil, nil): bounds = "may be any number"
        }
        let unlessAnimated = above && excludesLowerBound == .whenHeld ? " unless animated" : ""
        return "\"\(key)\" \(bounds)\(unlessAnimated)" + (reason.map { "; \($0)" } ?? "")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && Swift.abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

/// How a property's value may be written in a script, an event or `swell
/// ctl set`, beside the form of its type (docs/scripts.md#values).
public enum ValueSyntax: Sendable, Equatable {
    /// The type's form alone: a number, `[x, y]`, `"#ff0000"`…
    case standard
    /// A LEVEL: a linear amplitude (`0.5`), a percentage (`"50%"`) or
    /// decibels (`"-6dB"`), as the command line writes volumes.
    case level
}
