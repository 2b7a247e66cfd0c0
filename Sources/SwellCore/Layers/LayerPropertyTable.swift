import Synchronization

/// The dynamic properties of layer classes, found by reflection.
///
/// Objective-C's runtime tells `CALayer` which properties a subclass declares
/// `@dynamic`. Swift has no such runtime, so the table reflects over a
/// layer's stored properties once per class and collects the ``Dynamic``
/// declarations — their keys and declared defaults. That is what lets string
/// key paths (`setValue(_:forKeyPath:)`, an animation's `keyPath`) reach a
/// property that has never been touched.
enum LayerPropertyTable {
    private static let declared = Mutex<[ObjectIdentifier: [String: any Animatable]]>([:])
    private static let effective = Mutex<[ObjectIdentifier: [String: any Animatable]]>([:])

    /// The defaults written in the `@Dynamic` declarations of `layerClass`
    /// and its superclasses. Reflects `instance` when given, otherwise a
    /// prototype made with `init()`.
    static func declaredDefaults(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: any Animatable] {
        let id = ObjectIdentifier(layerClass)
        if let table = declared.withLock({ $0[id] }) { return table }
        let subject = instance ?? layerClass.init()
        var table: [String: any Animatable] = [:]
        var mirror: Mirror? = Mirror(reflecting: subject)
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

    /// The defaults in effect: a class's override of
    /// ``CALayer/defaultValue(forKey:)`` wins over the declared default when
    /// it returns a value of the property's type.
    static func effectiveDefaults(of layerClass: CALayer.Type, instance: CALayer? = nil) -> [String: any Animatable] {
        let id = ObjectIdentifier(layerClass)
        if let table = effective.withLock({ $0[id] }) { return table }
        var table = declaredDefaults(of: layerClass, instance: instance)
        for (key, declaredDefault) in table {
            if let override = layerClass.defaultValue(forKey: key),
               let value = ValueCoercion.coerce(override, toTypeOf: declaredDefault) {
                table[key] = value
            }
        }
        effective.withLock { $0[id] = table }
        return table
    }
}
