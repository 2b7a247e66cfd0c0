import Foundation

/// The property table of a layer class: what a key is, for everything that
/// sets, animates or reads layer properties by key — a script's layers and
/// events, `swell ctl`, `swell curve` (docs/library.md#the-property-table).
extension CALayer {
    /// The class's properties by key: its ``Dynamic`` properties, with the
    /// defaults in effect; its timing keys; and its other settable
    /// properties (`contents`, `frame`, a text layer's `string` and `font`).
    public class var propertyTable: [String: LayerProperty] {
        LayerPropertyTable.fullTable(of: self)
    }

    /// What `keyPath` names on a layer of the class: a property, or a field
    /// of one's value (`position.x`, `bounds.size`, `transform.rotation.z`);
    /// nil when the class has no such property.
    public class func property(forKeyPath keyPath: String) -> LayerProperty? {
        LayerPropertyTable.property(forKeyPath: keyPath, in: propertyTable)
    }

    /// What `keyPath` names on this layer: a property of its class, a
    /// parameter of one of its ``filters`` (`filters.NAME.KEY`), or one the
    /// layer was given through key-value coding without a declaration (an
    /// emitter's `emitterCells.NAME.KEY`, a script's `time`).
    public func property(forKeyPath keyPath: String) -> LayerProperty? {
        let table = type(of: self).propertyTable
        if let found = LayerPropertyTable.property(forKeyPath: keyPath, in: table) { return found }
        if let found = filters?.property(forKeyPath: keyPath) { return found }
        guard let value = undeclaredDefaults[keyPath] else { return nil }
        return LayerProperty(PropertyDeclaration(keyPath, type(of: self).undeclaredPropertyAnimation),
                             defaultValue: value)
    }
}

extension LayerProperty {
    /// A layer's `contents`: an image (docs/scripts.md#image-contents).
    static let contents = LayerProperty(PropertyDeclaration("contents", .none), kind: .image, defaultValue: nil)
    /// A layer's `frame`, which sets `position` and `bounds.size` (Apple's
    /// CALayer reference); derived, so never animated.
    static let frame = LayerProperty(PropertyDeclaration("frame", .none), defaultValue: CGRect.zero)
}

extension LayerPropertyTable {
    private static let full = Locked<[ObjectIdentifier: [String: LayerProperty]]>([:])

    /// ``CALayer/propertyTable`` of `layerClass`, cached.
    static func fullTable(of layerClass: CALayer.Type) -> [String: LayerProperty] {
        let id = ObjectIdentifier(layerClass)
        if let table = full.withLock({ $0[id] }) { return table }
        var table = effectiveProperties(of: layerClass)
        for (key, timing) in MediaTimingKey.all { table[key] = timing.property }
        for property in layerClass.objectProperties { table[property.key] = property }
        full.withLock { $0[id] = table }
        return table
    }

    /// `keyPath` looked up in `table`, as a key or as a key and a field.
    static func property(forKeyPath keyPath: String, in table: [String: LayerProperty]) -> LayerProperty? {
        if let property = table[keyPath] { return property }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        return table[String(keyPath[..<dot])]?.component(String(keyPath[keyPath.index(after: dot)...]))
    }
}
