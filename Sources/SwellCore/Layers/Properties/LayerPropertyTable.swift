/// The property tables of layer classes, found by reflection.
///
/// Objective-C's runtime tells `CALayer` which properties a subclass declares
/// `@dynamic`. Swift has no such runtime, so the table reflects over a
/// layer's stored properties once per class and collects the ``Dynamic``
/// declarations — their keys, declarations and declared defaults. That is
/// what lets string key paths (`setValue(_:forKeyPath:)`, an animation's
/// `keyPath`, a script's keys) reach a property that has never been
/// touched. ``CAEmitterCell`` classes are reflected the same way.
enum LayerPropertyTable {
    private static let declared = Locked<[ObjectIdentifier: [String: LayerProperty]]>([:])
    private static let effective = Locked<[ObjectIdentifier: [String: LayerProperty]]>([:])
    private static let defaults = Locked<[ObjectIdentifier: [String: any Animatable]]>([:])

    /// The ``Dynamic`` properties of `layerClass` and its superclasses, with
    /// their declared defaults. Reflects `instance` when given, otherwise a
    /// prototype made with `init(layer:)`, the initialiser every subclass
    /// has.
    static func declaredProperties(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: LayerProperty] {
        declaredProperties(of: layerClass as AnyClass, prototype: { instance ?? layerClass.init(layer: CALayer()) })
    }

    /// The properties in effect: a class's override of
    /// ``CALayer/defaultValue(forKey:)`` wins over the declared default when
    /// it returns a value of the property's type.
    static func effectiveProperties(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: LayerProperty] {
        effectiveProperties(of: layerClass as AnyClass, declared: declaredProperties(of: layerClass, instance: instance),
                            override: layerClass.defaultValue(forKey:))
    }

    /// The defaults of ``effectiveProperties(of:instance:)`` by key.
    static func effectiveDefaults(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: any Animatable] {
        let id = ObjectIdentifier(layerClass)
        if let table = defaults.withLock({ $0[id] }) { return table }
        let table = effectiveProperties(of: layerClass, instance: instance).compactMapValues(\.defaultValue)
        defaults.withLock { $0[id] = table }
        return table
    }

    /// The declared properties of any class with ``Dynamic`` properties,
    /// reflecting `prototype()` the first time.
    static func declaredProperties(of ownerClass: AnyClass, prototype: () -> AnyObject) -> [String: LayerProperty] {
        let id = ObjectIdentifier(ownerClass)
        if let table = declared.withLock({ $0[id] }) { return table }
        var table: [String: LayerProperty] = [:]
        var mirror: Mirror? = Mirror(reflecting: prototype())
        while let current = mirror {
            // A property wrapper's storage is labelled `_name`. Testing the
            // label first spares a protocol-conformance lookup for every
            // other stored property, each a scan of the process's
            // conformance records the first time (3 ms of `swell`'s start).
            for child in current.children where child.label?.first == "_" {
                if let wrapper = child.value as? any DynamicPropertyDeclaration, table[wrapper.declaration.key] == nil {
                    table[wrapper.declaration.key] = LayerProperty(wrapper.declaration, defaultValue: wrapper.erasedDefault)
                }
            }
            mirror = current.superclassMirror
        }
        declared.withLock { $0[id] = table }
        return table
    }

    /// `declared` with each default replaced by the class's `override` for
    /// the key when that converts to the property's type; cached per class.
    static func effectiveProperties(of ownerClass: AnyClass, declared table: [String: LayerProperty],
                                    override: (String) -> Any?) -> [String: LayerProperty] {
        let id = ObjectIdentifier(ownerClass)
        if let table = effective.withLock({ $0[id] }) { return table }
        var table = table
        for (key, property) in table {
            if let value = override(key), let declaredDefault = property.defaultValue,
               let converted = ValueCoercion.coerce(value, toTypeOf: declaredDefault) {
                table[key] = LayerProperty(property.declaration, defaultValue: converted)
            }
        }
        effective.withLock { $0[id] = table }
        return table
    }
}
