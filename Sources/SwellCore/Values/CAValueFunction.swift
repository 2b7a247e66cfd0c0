import Foundation

/// The name of a ``CAValueFunction``, with QuartzCore's raw values
/// (`kCAValueFunctionRotateX` is `"rotateX"`, …).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Rotates by the input value, in radians, about the x axis.
    public static let rotateX = CAValueFunctionName("rotateX")
    /// Rotates by the input value, in radians, about the y axis.
    public static let rotateY = CAValueFunctionName("rotateY")
    /// Rotates by the input value, in radians, about the z axis.
    public static let rotateZ = CAValueFunctionName("rotateZ")
    /// Scales by three input values, along x, y and z.
    public static let scale = CAValueFunctionName("scale")
    /// Scales by the input value along x.
    public static let scaleX = CAValueFunctionName("scaleX")
    /// Scales by the input value along y.
    public static let scaleY = CAValueFunctionName("scaleY")
    /// Scales by the input value along z.
    public static let scaleZ = CAValueFunctionName("scaleZ")
    /// Translates by three input values, along x, y and z.
    public static let translate = CAValueFunctionName("translate")
    /// Translates by the input value along x.
    public static let translateX = CAValueFunctionName("translateX")
    /// Translates by the input value along y.
    public static let translateY = CAValueFunctionName("translateY")
    /// Translates by the input value along z.
    public static let translateZ = CAValueFunctionName("translateZ")
}

/// Turns the numbers a property animation interpolates into a transform
/// (`CAPropertyAnimation.valueFunction`).
///
/// Animating `transform` from 0 to 2π with the `rotateZ` function spins the
/// layer a full turn — the numbers are interpolated, then each is made into
/// a rotation matrix — where interpolating the two (equal) matrices would
/// not move at all. The single-axis functions take one input value, `scale`
/// and `translate` take three, as Apple's CAValueFunction documentation
/// describes.
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName
    private let kind: Kind

    private enum Kind {
        case rotate(axis: Int)
        case scale(axis: Int?)
        case translate(axis: Int?)
    }

    /// The function with that name, or nil for a name QuartzCore does not define.
    public init?(name: CAValueFunctionName) {
        let kinds: [CAValueFunctionName: Kind] = [
            .rotateX: .rotate(axis: 0), .rotateY: .rotate(axis: 1), .rotateZ: .rotate(axis: 2),
            .scale: .scale(axis: nil), .scaleX: .scale(axis: 0), .scaleY: .scale(axis: 1),
            .scaleZ: .scale(axis: 2), .translate: .translate(axis: nil),
            .translateX: .translate(axis: 0), .translateY: .translate(axis: 1),
            .translateZ: .translate(axis: 2),
        ]
        guard let kind = kinds[name] else { return nil }
        self.name = name
        self.kind = kind
    }

    /// How many input values the function takes: 1, or 3 for `scale` and
    /// `translate`.
    public var inputCount: Int {
        switch kind {
        case .rotate: 1
        case .scale(let axis), .translate(let axis): axis == nil ? 3 : 1
        }
    }

    /// The transform for the animated input values.
    ///
    /// - Throws: ``CAValueFunctionError`` when `values` does not hold
    ///   ``inputCount`` finite numbers.
    public func transform(for values: [Double]) throws -> CATransform3D {
        guard values.count == inputCount else {
            throw CAValueFunctionError.wrongInputCount(name: name, expected: inputCount, actual: values.count)
        }
        if let bad = values.first(where: { !$0.isFinite }) {
            throw CAValueFunctionError.nonFiniteInput(name: name, value: bad)
        }
        func vector(_ axis: Int?, rest: Double) -> SIMD3<Double> {
            guard let axis else { return SIMD3(values[0], values[1], values[2]) }
            var v = SIMD3(repeating: rest)
            v[axis] = values[0]
            return v
        }
        switch kind {
        case .rotate(let axis):
            var unit = SIMD3<Double>.zero
            unit[axis] = 1
            return CATransform3DMakeRotation(values[0], unit.x, unit.y, unit.z)
        case .scale(let axis):
            let s = vector(axis, rest: 1)
            return CATransform3DMakeScale(s.x, s.y, s.z)
        case .translate(let axis):
            let t = vector(axis, rest: 0)
            return CATransform3DMakeTranslation(t.x, t.y, t.z)
        }
    }
}

/// Input a ``CAValueFunction`` cannot turn into a transform.
public enum CAValueFunctionError: Error, Equatable, CustomStringConvertible {
    case wrongInputCount(name: CAValueFunctionName, expected: Int, actual: Int)
    case nonFiniteInput(name: CAValueFunctionName, value: Double)

    public var description: String {
        switch self {
        case .wrongInputCount(let name, let expected, let actual):
            "value function '\(name.rawValue)' takes \(expected) input value\(expected == 1 ? "" : "s"), got \(actual)"
        case .nonFiniteInput(let name, let value):
            "value function '\(name.rawValue)' got the non-finite input value \(value)"
        }
    }
}
