
/// The dynamic properties of layer classes, found by reflection.
///
/// Objective-C's runtime tells `CALayer` which properties a subclass declares
/// `@dynamic`. Swift has no such runtime, so the table reflects over a
/// layer's stored properties once per class and collects the ``Dynamic``
/// declarations — their keys and declared defaults. That is what lets string
/// key paths (`setValue(_:forKeyPath:)`, an animation's `keyPath`) reach a
/// property that has never been touched. ``CAEmitterCell`` classes are
/// reflected the same way.
enum LayerPropertyTable {
    private static let declared = Locked<[ObjectIdentifier: [String: any Animatable]]>([:])
    private static let effective = Locked<[ObjectIdentifier: [String: any Animatable]]>([:])

    /// The defaults written in the `@Dynamic` declarations of `layerClass`
    /// and its superclasses. Reflects `instance` when given, otherwise a
    /// prototype made with `init()`.
    static func declaredDefaults(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: any Animatable] {
        declaredDefaults(of: layerClass as AnyClass, prototype: { instance ?? layerClass.init() })
    }

    /// The defaults in effect: a class's override of
    /// ``CALayer/defaultValue(forKey:)`` wins over the declared default when
    /// it returns a value of the property's type.
    static func effectiveDefaults(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: any Animatable] {
        effectiveDefaults(of: layerClass as AnyClass, declared: declaredDefaults(of: layerClass, instance: instance),
                          override: layerClass.defaultValue(forKey:))
    }

    /// The declared defaults of any class with ``Dynamic`` properties,
    /// reflecting `prototype()` the first time.
    static func declaredDefaults(of ownerClass: AnyClass, prototype: () -> AnyObject) -> [String: any Animatable] {
        let id = ObjectIdentifier(ownerClass)
        if let table = declared.withLock({ $0[id] }) { return table }
        var table: [String: any Animatable] = [:]
        var mirror: Mirror? = Mirror(reflecting: prototype())
        while let current = mirror {
            // A property wrapper's storage is labelled `_name`. Testing the
            // label first spares a protocol-conformance lookup for every
            // other stored property, each a scan of the process's
            // conformance records the first time (3 ms of `swell`'s start).
            for child in current.children where child.label?.first == "_" {
                if let declaration = child.value as? any DynamicPropertyDeclaration, table[declaration.key] == nil {
                    table[declaration.key] = declaration.erasedDefault
                }
            }
            mirror = current.superclassMirror
        }
        declared.withLock { $0[id] = table }
        return table
    }

    /// `declared` with each default replaced by the class's `override` for
    /// the key when that converts to the property's type; cached per class.
    static func effectiveDefaults(of ownerClass: AnyClass, declared table: [String: any Animatable],
                                  override: (String) -> Any?) -> [String: any Animatable] {
        let id = ObjectIdentifier(ownerClass)
        if let table = effective.withLock({ $0[id] }) { return table }
        var table = table
        for (key, declaredDefault) in table {
            if let value = override(key), let converted = ValueCoercion.coerce(value, toTypeOf: declaredDefault) {
                table[key] = converted
            }
        }
        effective.withLock { $0[id] = table }
        return table
    }
}
