/// One entry of a layer's ``CALayer/filters``: a named filter whose
/// parameters are layer properties, as a named `CIFilter`'s inputs are on
/// Apple's platforms — `filters.NAME.KEY` sets, animates and presents one
/// like any other property (docs/filters.md).
public struct LayerFilter: Sendable, Hashable {
    /// The name key paths reach it by: no `.`, unique in its layer.
    public let name: String
    public let type: AudioFilterType
    /// The parameters' initial values, by key; a parameter left out has
    /// its default.
    public let values: [String: Double]

    public init(name: String, type: AudioFilterType, values: [String: Double] = [:]) {
        self.name = name
        self.type = type
        self.values = values
    }

    /// The value a parameter starts at.
    public func value(of parameter: AudioFilterParameter) -> Double {
        values[parameter.key] ?? parameter.defaultValue
    }

    /// `filters.NAME.KEY`: where a parameter is a layer property.
    public func keyPath(of parameter: AudioFilterParameter) -> String {
        Self.keyPrefix + name + "." + parameter.key
    }

    /// The layer's key: ``CALayer/filters``.
    public static let layerKey = "filters"
    static let keyPrefix = layerKey + "."

    /// The filter's name and the parameter's key in a key path such as
    /// `filters.lp.frequency`; nil for other paths.
    static func parse(keyPath: String) -> (name: String, key: String)? {
        guard keyPath.hasPrefix(keyPrefix) else { return nil }
        let rest = keyPath.dropFirst(keyPrefix.count)
        guard let dot = rest.lastIndex(of: "."), dot != rest.startIndex else { return nil }
        return (String(rest[..<dot]), String(rest[rest.index(after: dot)...]))
    }
}

extension Array where Element == LayerFilter {
    /// The property at `keyPath` of the filter it names, with the filter's
    /// value for its default; nil when no filter here has it.
    public func property(forKeyPath keyPath: String) -> LayerProperty? {
        guard let (name, key) = LayerFilter.parse(keyPath: keyPath),
              let filter = first(where: { $0.name == name }), let parameter = filter.type.parameter(key)
        else { return nil }
        return parameter.property(atKeyPath: keyPath, value: filter.value(of: parameter))
    }

    /// Every parameter's key path.
    public var keyPaths: [String] {
        flatMap { filter in filter.type.parameters.map(filter.keyPath(of:)) }
    }
}
