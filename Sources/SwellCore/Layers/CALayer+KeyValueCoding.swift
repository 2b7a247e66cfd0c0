import Foundation

/// Key-value coding: string access to layer properties, including the
/// struct-field key paths of Apple's "Key-Value Coding Extensions"
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`).
extension CALayer {
    /// A property key path split into the layer property it starts with and
    /// the field of that property's value it names, if any.
    struct ResolvedKeyPath {
        let key: String
        let defaultValue: any Animatable
        let component: String?
    }

    /// Resolves `keyPath` against the layer's declared and undeclared
    /// properties, or nil when the layer has no such property or the
    /// property's value has no such field.
    func resolve(keyPath: String) -> ResolvedKeyPath? {
        if let defaultValue = defaultValue(forProperty: keyPath) {
            return ResolvedKeyPath(key: keyPath, defaultValue: defaultValue, component: nil)
        }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        let key = String(keyPath[..<dot]), field = String(keyPath[keyPath.index(after: dot)...])
        guard let defaultValue = defaultValue(forProperty: key),
              type(of: defaultValue).hasComponent(field) else { return nil }
        return ResolvedKeyPath(key: key, defaultValue: defaultValue, component: field)
    }

    /// The value of a property, a timing property, or a non-animatable
    /// property by key; nil for an unknown key.
    func storedValue(forKey key: String) -> Any? {
        if let timingValue = timingValue(forKey: key) { return timingValue }
        switch key {
        case "name": return name
        case LayerProperty.contents.key: return contents
        case LayerProperty.frame.key: return frame
        case LayerFilter.layerKey: return filters
        default: break
        }
        guard let defaultValue = defaultValue(forProperty: key) else { return nil }
        return Self.publicForm(values[key] ?? defaultValue)
    }

    /// Sets a property by key. Numbers convert to the property's type; a key
    /// the layer does not declare becomes a new dynamic property of the
    /// value's type (QuartzCore layers accept any key), which can be animated
    /// like a declared one. Values of the wrong type are refused with a
    /// warning.
    func storeValue(_ value: Any?, forKey key: String) {
        if setTimingValue(value, forKey: key) { return }
        switch key {
        case "name": name = value as? String; return
        case LayerProperty.contents.key: contents = value; return
        case LayerProperty.frame.key:
            if let rect = value.flatMap({ ValueCoercion.coerce($0, to: CGRect.self) }) { frame = rect } else {
                CADiagnostics.warn("\(debugName): cannot set 'frame' to \(value.map { "\($0)" } ?? "nil")")
            }
            return
        case LayerFilter.layerKey: filters = value as? [LayerFilter]; return
        default: break
        }
        if let defaultValue = defaultValue(forProperty: key) {
            storeConverted(value, forKey: key, like: defaultValue)
        } else if let newValue = value.flatMap(Self.animatableValue) {
            undeclaredDefaults[key] = Self.zeroValue(like: newValue)
            storeConverted(value, forKey: key, like: newValue)
        } else {
            CADiagnostics.warn("\(debugName): cannot set '\(key)' to \(value.map { "\($0)" } ?? "nil")")
        }
    }

    /// The value at a key path such as `"position.x"`.
    func storedValue(forKeyPath keyPath: String) -> Any? {
        guard let resolved = resolve(keyPath: keyPath) else { return value(forKey: keyPath) }
        let root = values[resolved.key] ?? resolved.defaultValue
        guard let field = resolved.component else { return Self.publicForm(root) }
        return root.componentValue(field)
    }

    /// Sets the value at a key path such as `"transform.rotation.z"`: the
    /// field is written into the property's current model value, and the
    /// property changes as a whole (with its action).
    func storeValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let resolved = resolve(keyPath: keyPath), let field = resolved.component else {
            setValue(value, forKey: keyPath)
            return
        }
        let root = values[resolved.key] ?? resolved.defaultValue
        guard let value, let updated = root.settingComponent(field, to: value) else {
            CADiagnostics.warn("\(debugName): cannot set '\(keyPath)' to \(value.map { "\($0)" } ?? "nil")")
            return
        }
        store(updated, forKey: resolved.key)
    }

    // MARK: Helpers

    /// A stored value as key-value coding hands it out: a path as the
    /// `CGPath` object that Apple's `value(forKey: "path")` returns, not
    /// the ``PathValue`` the layer keeps; a compositing filter as the name
    /// it was set by, as ``compositingFilter`` reads.
    private static func publicForm(_ value: any Animatable) -> Any {
        if let filter = value as? CACompositingFilter { return filter.rawValue }
        return (value as? PathValue).map(CGPath.init) ?? value
    }

    private func storeConverted(_ value: Any?, forKey key: String, like example: any Animatable) {
        guard let value, let converted = ValueCoercion.coerce(value, toTypeOf: example) else {
            if value == nil, let optional = example as? any OptionalAnimatable {
                store(optional.none, forKey: key)
                return
            }
            CADiagnostics.warn("\(debugName): cannot set '\(key)' to \(value.map { "\($0)" } ?? "nil")")
            return
        }
        store(converted, forKey: key)
    }

    /// Stores an existential value through the typed setter.
    func store(_ value: any Animatable, forKey key: String) {
        func open<Value: Animatable>(_ value: Value) { setModelValue(value, forKey: key) }
        open(value)
    }

    /// The value a new undeclared property takes its type from. Integers
    /// make a `Double` property, as an `NSNumber` makes a property that
    /// animates through fractions.
    private static func animatableValue(_ value: Any) -> (any Animatable)? {
        if value is any BinaryInteger { return ValueCoercion.number(value) }
        if let animatable = value as? any Animatable { return animatable }
        return ValueCoercion.number(value)
    }

    private static func zeroValue(like value: any Animatable) -> any Animatable {
        func zero<Value: Animatable>(_: Value) -> any Animatable { Value.zero }
        return zero(value)
    }
}

/// An optional animatable type, so that `setValue(nil, forKey:)` can clear an
/// optional property such as `backgroundColor`.
protocol OptionalAnimatable {
    var none: any Animatable { get }
}

extension Optional: OptionalAnimatable where Wrapped: Animatable {
    var none: any Animatable { Wrapped?.none }
}

extension Animatable {
    static func hasComponent(_ name: String) -> Bool {
        components[name] != nil
    }

    /// The named field of the value, as an existential.
    func componentValue(_ name: String) -> (any Animatable)? {
        Self.components[name]?.value(in: self)
    }

    /// A copy with the named field replaced by `newValue` (converted to the
    /// field's type), or nil when the field or the conversion fails.
    func settingComponent(_ name: String, to newValue: Any) -> Self? {
        guard let component = Self.components[name] else { return nil }
        return component.accept(ComponentWriter(root: self, newValue: newValue))
    }
}

private struct ComponentWriter<Root: Animatable>: AnimatableComponentVisitor {
    let root: Root
    let newValue: Any

    func visit<Leaf: Animatable>(
        get: @escaping @Sendable (Root) -> Leaf,
        set: @escaping @Sendable (inout Root, Leaf) -> Void
    ) -> Root? {
        guard let leaf = ValueCoercion.coerce(newValue, to: Leaf.self) else { return nil }
        var copy = root
        set(&copy, leaf)
        return copy
    }
}
