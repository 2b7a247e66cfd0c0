import Foundation

/// One of Core Animation's string-valued constants — `CALayerContentsGravity`,
/// `CAShapeLayerFillRule`, `CATextLayerAlignmentMode`… — whose raw value is
/// the string QuartzCore uses (`kCAGravityResizeAspect` is
/// `"resizeAspect"`, `kCAFillRuleEvenOdd` is `"even-odd"`).
///
/// The properties of these types are not animatable in Core Animation.
/// Being discrete ``Animatable`` values lets them be ``Dynamic`` layer
/// properties all the same: published to render hosts with every commit,
/// copied into `presentation()`, and set by key-value coding from their
/// raw strings (`setValue("even-odd", forKey: "fillRule")`), as QuartzCore's
/// `NSString` constants are. An explicit animation of one switches halfway.
///
/// Each type lists its constants (`allCases`), so a script names one by its
/// string or its Swift name (``NamedValue``) and a misspelt one is refused
/// with the names there are.
public protocol CAStringConstant: RawRepresentable<String>, DiscreteAnimatable, Hashable, CaseIterable,
    NamedValue where AllCases == [Self] {
    init(rawValue: String)
    /// The Swift names of constants whose raw string differs
    /// (`CAShapeLayerFillRule.evenOdd` is `"even-odd"`); none by default.
    static var swiftNames: [String: Self] { get }
}

extension CAStringConstant {
    /// The empty name, which no constant uses.
    public static var zero: Self { Self(rawValue: "") }

    public static var swiftNames: [String: Self] { [:] }

    /// The constant whose raw string or Swift name is `name`.
    public init?(valueNamed name: String) {
        guard let constant = Self.allCases.first(where: { $0.rawValue == name }) ?? Self.swiftNames[name] else {
            return nil
        }
        self = constant
    }

    public static var valueNames: [String] { allCases.map(\.rawValue) }
}

/// A value written by name in scripts, events and `swell ctl set`: a Core
/// Animation constant (`"resizeAspect"`), an audio layer's taper
/// (`"decibels(-60)"`).
public protocol NamedValue: Animatable {
    /// The value `name` stands for, or nil.
    init?(valueNamed name: String)
    /// The names, as a message lists them.
    static var valueNames: [String] { get }
    /// What a message adds after the names (`with FLOOR in dB below 0`);
    /// nil by default.
    static var valueNameHint: String? { get }
}

extension NamedValue {
    public static var valueNameHint: String? { nil }
}

/// An option set written as a list of its members' names
/// (`"maskedCorners": ["layerMinXMinYCorner", "layerMaxXMinYCorner"]`).
public protocol NamedOptionSet: DiscreteOptionSet {
    /// Each member by its Swift name.
    static var namedMembers: KeyValuePairs<String, Self> { get }
}

/// An optional named value is written by its wrapped type's names, and
/// `null` for nothing (``CALayer/compositingFilter``).
extension Optional: NamedValue where Wrapped: NamedValue {
    public init?(valueNamed name: String) {
        guard let value = Wrapped(valueNamed: name) else { return nil }
        self = .some(value)
    }

    public static var valueNames: [String] { Wrapped.valueNames }
    public static var valueNameHint: String? { Wrapped.valueNameHint }
}
