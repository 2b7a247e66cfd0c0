/// One entry of a layer class's property table: a key (or key path) that
/// can be set, read and — where ``isAnimatable`` — animated, with what its
/// declaration says (docs/library.md#the-property-table).
///
/// The table of a class is its ``Dynamic`` properties, found by reflection
/// with their declarations and defaults, its `CAMediaTiming` keys, and the
/// few properties whose values are objects rather than ``Animatable``
/// values (`contents`, a text layer's `string` and `font`); a key path into
/// a property's value (`position.x`, `transform.rotation.z`) is an entry
/// of its own, with the field's type. A script, `swell ctl` and `swell
/// curve` ask ``CALayer/property(forKeyPath:)`` what a key is.
public struct LayerProperty: Sendable {
    /// What kind of value the property holds.
    public enum Kind: Sendable, Equatable {
        /// An ``Animatable`` value of ``LayerProperty/defaultValue``'s type.
        case value
        /// A `CAMediaTiming` key (`speed`, `timeOffset`, `beginTime`…):
        /// it retimes the layer and what is below it, and is never animated.
        case timing
        /// `contents`: an image (a file's path, in a script).
        case image
        /// A text layer's `string`.
        case text
        /// A text layer's `font`, by name.
        case fontName
    }

    public let declaration: PropertyDeclaration
    public let kind: Kind
    /// The value the property has until it is set: its type is the type a
    /// value is converted to. Nil for images, text and fonts.
    public let defaultValue: (any Animatable)?

    public init(_ declaration: PropertyDeclaration, kind: Kind = .value, defaultValue: (any Animatable)?) {
        self.declaration = declaration
        self.kind = kind
        self.defaultValue = defaultValue
    }

    /// The key, or key path.
    public var key: String { declaration.key }

    /// Whether an animation may name it: a value that is not a setting.
    public var isAnimatable: Bool { kind == .value && declaration.animation != .none }

    /// Whether its value is a number (of any numeric type): what `swell
    /// curve` samples.
    public var isNumeric: Bool { defaultValue.flatMap(ValueCoercion.number) != nil }

    /// Why `value` cannot be set here — held, or animated to when `held`
    /// is false — when it is a number outside the declared range; nil when
    /// it can.
    public func rangeProblem(_ value: any Animatable, held: Bool = true) -> String? {
        guard let range = declaration.range, let number = ValueCoercion.number(value),
              !range.contains(number, held: held) else { return nil }
        return range.requirement(forKey: key, held: held)
    }

    /// The entry of a field of this property's value, named `field`
    /// (`x` of `position`): the field's type, animated with its property
    /// but with no range of its own. A numeric field takes any number,
    /// which key-value coding converts (`transform.rotation.z`).
    func component(_ field: String) -> LayerProperty? {
        guard let value = defaultValue, type(of: value).hasComponent(field) else { return nil }
        let fieldValue = value.componentValue(field).flatMap { ValueCoercion.number($0) == nil ? $0 : nil } ?? 0.0
        let root = declaration
        return LayerProperty(PropertyDeclaration(key + "." + field, root.animation, display: root.needsDisplay,
                                                 syntax: .standard),
                             defaultValue: fieldValue)
    }
}
