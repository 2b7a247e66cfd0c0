import Foundation

/// A property value in a script, already in the property's own type
/// (`CGColor`, `PathValue` — a path's elements — `CATransform3D`,
/// `CGImage`, a number…): what the integrator sets with
/// `setValue(_:forKeyPath:)` or gives an animation as `fromValue`,
/// `toValue`, `byValue` or one of its `values` — Core Animation takes all
/// of them as `Any`.
///
/// A number literal makes a `Double`, the type a script's audio and
/// generic layer properties have, as an `NSNumber` literal boxes one.
public struct SceneValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public let value: any Equatable & Sendable

    public init(_ value: any Equatable & Sendable) {
        self.value = value
    }

    public init(floatLiteral value: Double) {
        self.init(value)
    }

    public init(integerLiteral value: Int) {
        self.init(Double(value))
    }

    public static func == (a: SceneValue, b: SceneValue) -> Bool {
        func equals<Value: Equatable & Sendable>(_ value: Value) -> Bool { (b.value as? Value) == value }
        return equals(a.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: value)))
    }

    public var description: String { "\(value)" }
}
