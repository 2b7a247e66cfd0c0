import Foundation

/// Converts the loosely typed values of the Objective-C-shaped API
/// (`fromValue: Any?`, `values: [Any]?`, `setValue(_:forKey:)`) into a
/// property's value type.
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
        if let vector = value as? [Any], let converted = convertVector(vector, to: type) { return converted }
        guard let number = number(value), number.isFinite else { return nil }
        return convertNumber(number, to: type)
    }

    /// Coerces to the dynamic type of `example`.
    static func coerce(_ value: Any, toTypeOf example: any Animatable) -> (any Animatable)? {
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

    private static func convertNumber<Value: Animatable>(_ number: Double, to type: Value.Type) -> Value? {
        switch type {
        case is Double.Type: number as? Value
        case is Float.Type: Float(number) as? Value
        case is CGFloat.Type: CGFloat(number) as? Value
        case is Double?.Type: Double?(number) as? Value
        case is Float?.Type: Float?(Float(number)) as? Value
        case is CGFloat?.Type: CGFloat?(CGFloat(number)) as? Value
        case is SIMD3<Double>.Type: SIMD3<Double>(repeating: number) as? Value
        default: nil
        }
    }

    private static func convertVector<Value: Animatable>(_ vector: [Any], to type: Value.Type) -> Value? {
        let numbers = vector.compactMap(number)
        guard numbers.count == vector.count, numbers.allSatisfy(\.isFinite) else { return nil }
        switch (numbers.count, type) {
        case (3, is SIMD3<Double>.Type): return SIMD3(numbers[0], numbers[1], numbers[2]) as? Value
        case (2, is CGPoint.Type): return CGPoint(x: numbers[0], y: numbers[1]) as? Value
        case (2, is CGSize.Type): return CGSize(width: numbers[0], height: numbers[1]) as? Value
        case (2, is CGVector.Type): return CGVector(dx: numbers[0], dy: numbers[1]) as? Value
        case (4, is CGRect.Type): return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) as? Value
        default: return nil
        }
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
