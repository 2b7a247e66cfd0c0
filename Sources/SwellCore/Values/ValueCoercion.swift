import Foundation

/// Converts the loosely typed values of the Objective-C-shaped API
/// (`fromValue: Any?`, `values: [Any]?`, `setValue(_:forKey:)`) into a
/// property's value type.
///
/// A Core Animation constant (``CAStringConstant``) takes its raw string, as
/// QuartzCore's `NSString` constants are set by key-value coding.
///
/// QuartzCore boxes numbers in `NSNumber`, so `animation.toValue = 455`
/// animates a `CGFloat` position and `layer.setValue(0.5, forKey: "opacity")`
/// sets a `Float`. Swell accepts any Swift or Foundation number for any
/// numeric property type the same way. Geometry and transforms may come
/// boxed as Apple's code boxes them (`NSValue(cgPoint:)`,
/// `NSValue(caTransform3D:)`…), and points, sizes and vectors as two
/// numbers, rectangles as four (`[x, y, width, height]`); other values must
/// already have the property's type.
public enum ValueCoercion {
    static func coerce<Value: Animatable>(_ value: Any, to type: Value.Type) -> Value? {
        if let exact = value as? Value { return exact }
        if let box = value as? NSValue, let unboxed = box.unboxedAnimatable {
            return unboxed as? Value
        }
        if let loose = type as? any LooselyCoercible.Type {
            // Unwrapped first: a nil cast to an optional `Value` would succeed.
            guard let coerced = loose.coerced(from: value) else { return nil }
            return coerced as? Value
        }
        if let constant = type as? any CAStringConstant.Type {
            return (value as? String).flatMap { constant.init(rawValue: $0) as? Value }
        }
        guard let number = number(value), number.isFinite else { return nil }
        return convertNumber(number, to: type)
    }

    /// Coerces to the dynamic type of `example`.
    package static func coerce(_ value: Any, toTypeOf example: any Animatable) -> (any Animatable)? {
        func open<Value: Animatable>(_ example: Value) -> (any Animatable)? {
            coerce(value, to: Value.self)
        }
        return open(example)
    }

    /// The value as a Double when it is a number of any Swift or Foundation type.
    public static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        case let v as any BinaryInteger: Double(v)
        case let v as any BinaryFloatingPoint: Double(v)
        default: nil
        }
    }

    /// `count` finite numbers, when `value` is an array of exactly them.
    static func numbers(_ value: Any, count: Int) -> [Double]? {
        guard let vector = value as? [Any], vector.count == count else { return nil }
        let numbers = vector.compactMap(number)
        return numbers.count == count && numbers.allSatisfy(\.isFinite) ? numbers : nil
    }

    private static func convertNumber<Value: Animatable>(_ number: Double, to type: Value.Type) -> Value? {
        switch type {
        case is Double.Type: number as? Value
        case is Float.Type: Float(number) as? Value
        case is CGFloat.Type: CGFloat(number) as? Value
        case is Int.Type: Int(roundingToNearest: number) as? Value
        case is UInt32.Type: UInt32(exactly: number) as? Value
        default: nil
        }
    }
}

/// A type that takes loosely typed values other than single numbers: the
/// forms QuartzCore's key-value coding accepts for it.
protocol LooselyCoercible {
    static func coerced(from value: Any) -> Self?
}

/// An optional takes whatever its wrapped type takes (`CGFloat?` a number,
/// `[CGFloat]?` an array of numbers).
extension Optional: LooselyCoercible where Wrapped: Animatable {
    static func coerced(from value: Any) -> Wrapped?? {
        ValueCoercion.coerce(value, to: Wrapped.self).map { .some($0) }
    }
}

/// An array takes an array whose every element converts
/// (`[NSNumber]` for `[CGFloat]`, `[Any]` of colours for `[CGColor]`).
extension Array: LooselyCoercible where Element: Animatable {
    static func coerced(from value: Any) -> [Element]? {
        guard let elements = value as? [Any] else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(elements.count)
        for element in elements {
            guard let value = ValueCoercion.coerce(element, to: Element.self) else { return nil }
            converted.append(value)
        }
        return converted
    }
}

/// Three numbers take an array of three numbers, or one number for all three.
extension SIMD3: LooselyCoercible where Scalar == Double {
    static func coerced(from value: Any) -> SIMD3<Double>? {
        if let n = ValueCoercion.numbers(value, count: 3) { return SIMD3(n[0], n[1], n[2]) }
        guard let number = ValueCoercion.number(value), number.isFinite else { return nil }
        return SIMD3(repeating: number)
    }
}

/// A point takes two numbers, `[x, y]`.
extension CGPoint: LooselyCoercible {
    static func coerced(from value: Any) -> CGPoint? {
        ValueCoercion.numbers(value, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }
}

/// A size takes two numbers, `[width, height]`.
extension CGSize: LooselyCoercible {
    static func coerced(from value: Any) -> CGSize? {
        ValueCoercion.numbers(value, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }
}

/// A vector takes two numbers, `[dx, dy]`.
extension CGVector: LooselyCoercible {
    static func coerced(from value: Any) -> CGVector? {
        ValueCoercion.numbers(value, count: 2).map { CGVector(dx: $0[0], dy: $0[1]) }
    }
}

/// A rectangle takes four numbers, `[x, y, width, height]`.
extension CGRect: LooselyCoercible {
    static func coerced(from value: Any) -> CGRect? {
        ValueCoercion.numbers(value, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
}

/// A path takes a `CGPath` (or `CGMutablePath`): its elements as they are
/// now, the copy Core Animation keeps of a path it is given.
extension PathValue: LooselyCoercible {
    static func coerced(from value: Any) -> PathValue? {
        (value as? CGPath)?.value
    }
}

/// Three numbers animated together: the input of the `scale` and `translate`
/// value functions (`CAValueFunction`), which take one value per axis.
extension SIMD3: Animatable where Scalar == Double {
    public func adding(_ other: SIMD3<Double>) -> SIMD3<Double> { self + other }
    public func subtracting(_ other: SIMD3<Double>) -> SIMD3<Double> { self - other }
    public func scaled(by factor: Double) -> SIMD3<Double> { self * factor }
    public func distance(to other: SIMD3<Double>) -> Double {
        let d = other - self
        return (d * d).sum().squareRoot()
    }
    public static var components: [String: AnimatableComponent<SIMD3<Double>>] {
        [
            "x": AnimatableComponent(get: { $0.x }, set: { $0.x = $1 }),
            "y": AnimatableComponent(get: { $0.y }, set: { $0.y = $1 }),
            "z": AnimatableComponent(get: { $0.z }, set: { $0.z = $1 }),
        ]
    }
}
