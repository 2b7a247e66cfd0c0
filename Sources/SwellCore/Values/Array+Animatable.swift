import Foundation

/// Arrays — a gradient's `colors` and `locations`, a shape's dash pattern —
/// animate element by element when both have the same count, as Core
/// Animation animates `CAGradientLayer.colors` between arrays of equal
/// length; arrays of different counts switch halfway, like paths of
/// different structure (``CGPath``).
///
/// The empty array is the zero, and combining with it leaves an array
/// unchanged; combining arrays of different counts follows the discrete
/// rules: adding gives the other array, subtracting keeps this one.
extension Array: Animatable where Element: Animatable {
    public func interpolated(to other: [Element], fraction: Double) -> [Element] {
        guard count == other.count else { return fraction < 0.5 ? self : other }
        return zip(self, other).map { $0.interpolated(to: $1, fraction: fraction) }
    }

    public func adding(_ other: [Element]) -> [Element] {
        if other.isEmpty { return self }
        guard count == other.count else { return other }
        return zip(self, other).map { $0.adding($1) }
    }

    public func subtracting(_ other: [Element]) -> [Element] {
        guard count == other.count else { return self }
        return zip(self, other).map { $0.subtracting($1) }
    }

    public func scaled(by factor: Double) -> [Element] {
        map { $0.scaled(by: factor) }
    }

    /// The Euclidean norm of the elements' distances for arrays of equal
    /// count; otherwise 0 when equal and 1 when not.
    public func distance(to other: [Element]) -> Double {
        guard count == other.count else { return self == other ? 0 : 1 }
        return zip(self, other).reduce(0) { sum, pair in
            let d = pair.0.distance(to: pair.1)
            return sum + d * d
        }.squareRoot()
    }

    public static var zero: [Element] { [] }

    public var isFinite: Bool { allSatisfy(\.isFinite) }
}
