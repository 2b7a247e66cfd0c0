import Foundation

/// A value that is one number: what a schedule automates
/// (docs/automation.md), as Web Audio's `AudioParam`s are numbers. A whole
/// number rounds to the nearest, half away from zero, as it interpolates.
public protocol ScalarAnimatable: Animatable {
    /// The value of `scalar` (a static function, not an initializer, so
    /// that `Float.init` stays unambiguous).
    static func fromScalar(_ scalar: Double) -> Self
    var scalar: Double { get }
}

extension Double: ScalarAnimatable {
    public static func fromScalar(_ scalar: Double) -> Double { scalar }
    public var scalar: Double { self }
}

extension Float: ScalarAnimatable {
    public static func fromScalar(_ scalar: Double) -> Float { Float(scalar) }
    public var scalar: Double { Double(self) }
}

extension CGFloat: ScalarAnimatable {
    public static func fromScalar(_ scalar: Double) -> CGFloat { CGFloat(scalar) }
    public var scalar: Double { Double(self) }
}

extension Int: ScalarAnimatable {
    public static func fromScalar(_ scalar: Double) -> Int { Int(roundingToNearest: scalar) }
    public var scalar: Double { Double(self) }
}
