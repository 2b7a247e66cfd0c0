import Foundation

/// A property value of a visual layer in a scene script, already in the
/// property's own type (`CGColor`, `CGPath`, `CATransform3D`, a number…):
/// what the integrator sets with `setValue(_:forKeyPath:)`.
public struct SceneValue: Hashable, Sendable, CustomStringConvertible {
    public let value: any Animatable

    public init(_ value: any Animatable) {
        self.value = value
    }

    public static func == (a: SceneValue, b: SceneValue) -> Bool {
        func equals<Value: Animatable>(_ value: Value) -> Bool { (b.value as? Value) == value }
        return equals(a.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: value)))
    }

    public var description: String { "\(value)" }
}
