/// Declares a dynamic, animatable layer property — Swift's `@dynamic`.
///
/// In Objective-C a `CALayer` subclass marks a property `@dynamic` and the
/// layer synthesises storage, key-value coding, presentation copies and
/// animation for it (`@dynamic time;` in objc.io's "Animating Custom Layer
/// Properties"). The Swift equivalent is this wrapper, with the property's
/// key-value-coding key and its default value:
///
///     final class ClockFace: CALayer {
///         @Dynamic("time") var time: Double = 0
///
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "time" || super.needsDisplay(forKey: key)
///         }
///     }
///
/// Reading the property reads the layer's model value (or, on a
/// `presentation()` copy, the presented value); writing it goes through
/// ``CALayer/setValue(_:forKey:)`` semantics — the action search and implicit
/// animation, the transaction, `needsDisplay(forKey:)`. The key also makes
/// the property reachable by string key paths (`"time"`, or `"position.x"`
/// for a field of one), so animations can target it. CALayer's own animatable
/// properties are declared the same way.
@propertyWrapper
public struct Dynamic<Value: Animatable>: DynamicPropertyDeclaration {
    /// The property's key-value-coding key.
    public let key: String
    /// The value the property has until it is set.
    public let defaultValue: Value

    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        self.defaultValue = wrappedValue
    }

    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Self>
    ) -> Value {
        get {
            let declaration = layer[keyPath: storageKeyPath]
            return layer.modelValue(forKey: declaration.key, default: declaration.defaultValue)
        }
        set {
            layer.setModelValue(newValue, forKey: layer[keyPath: storageKeyPath].key)
        }
    }

    @available(*, unavailable, message: "@Dynamic properties can only be declared in CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    var erasedDefault: any Animatable { defaultValue }
}

/// A ``Dynamic`` declaration seen without its value type, as found by
/// reflecting over a layer's stored properties.
protocol DynamicPropertyDeclaration {
    var key: String { get }
    var erasedDefault: any Animatable { get }
}
