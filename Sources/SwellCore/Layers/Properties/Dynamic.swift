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
/// properties are declared the same way, and so are ``CAEmitterCell``'s,
/// which QuartzCore also synthesises.
///
/// Like an Objective-C `@dynamic` property, the declaration may leave out
/// the initial value (`@Dynamic("time") var time: CGFloat`): the property
/// then starts at the class's ``CALayer/defaultValue(forKey:)`` for the key,
/// or at the type's zero when the class gives none.
///
/// The declaration also says what the property is beyond its type
/// (``PropertyDeclaration``): whether it animates implicitly
/// (`@Dynamic("opacity", .implicit)`), asks for `display()`, which numbers
/// it takes and how its values are written. That is the property table
/// every other part reads (docs/library.md#the-property-table): a property
/// declared here is settable, animatable and readable by key in code,
/// scripts, `swell ctl` and `swell curve`, with no other edit.
@propertyWrapper
public struct Dynamic<Value: Animatable>: DynamicPropertyDeclaration {
    /// What the property is: its key, animation, range and syntax.
    public let declaration: PropertyDeclaration
    /// The value the property has until it is set, unless the class's
    /// `defaultValue(forKey:)` gives another.
    public let defaultValue: Value

    /// The property's key-value-coding key.
    public var key: String { declaration.key }

    public init(wrappedValue: Value, _ key: String, _ animation: PropertyAnimation = .explicit, display: Bool = false,
                range: PropertyRange? = nil, syntax: ValueSyntax = .standard) {
        self.init(wrappedValue: wrappedValue,
                  PropertyDeclaration(key, animation, display: display, range: range, syntax: syntax))
    }

    public init(wrappedValue: Value, _ declaration: PropertyDeclaration) {
        self.declaration = declaration
        self.defaultValue = wrappedValue
    }

    /// A declaration without an initial value: the class's
    /// `defaultValue(forKey:)`, else `Value.zero`.
    public init(_ key: String, _ animation: PropertyAnimation = .explicit, display: Bool = false,
                range: PropertyRange? = nil, syntax: ValueSyntax = .standard) {
        self.init(wrappedValue: .zero, key, animation, display: display, range: range, syntax: syntax)
    }

    public static subscript<Owner: DynamicPropertyOwner>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
    ) -> Value {
        get {
            let declaration = owner[keyPath: storageKeyPath]
            return owner.dynamicValue(forKey: declaration.key, default: declaration.defaultValue)
        }
        set {
            owner.setDynamicValue(newValue, forKey: owner[keyPath: storageKeyPath].key)
        }
    }

    @available(*, unavailable, message: "@Dynamic properties can only be declared in CALayer and CAEmitterCell subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    var erasedDefault: any Animatable { defaultValue }
}

/// An object that keeps ``Dynamic`` properties by key: ``CALayer`` and
/// ``CAEmitterCell``, the two classes whose properties QuartzCore
/// synthesises with key-value coding and default values.
public protocol DynamicPropertyOwner: AnyObject {
    /// The value stored for `key`, or its default.
    func dynamicValue<Value: Animatable>(forKey key: String, default fallback: Value) -> Value
    /// Stores `value` for `key`, as the property's setter does.
    func setDynamicValue<Value: Animatable>(_ value: Value, forKey key: String)
}

/// A ``Dynamic`` declaration seen without its value type, as found by
/// reflecting over a layer's stored properties.
protocol DynamicPropertyDeclaration {
    var declaration: PropertyDeclaration { get }
    var erasedDefault: any Animatable { get }
}
