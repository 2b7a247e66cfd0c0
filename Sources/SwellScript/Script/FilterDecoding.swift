import Foundation

extension ScriptDecoder {
    /// A sound group's `"filters"`: an array of `{"name": NAME, "type":
    /// TYPE, PARAMETER: VALUE…}`, each parameter one its type has (``AudioFilterType/parameters``),
    /// read and checked as the property it becomes (docs/filters.md).
    func decodeFilters(_ value: JSONValue, on kind: LayerKind) throws(Diagnostic) -> [LayerFilter] {
        guard kind.layerClass is any SoundGroup.Type else {
            throw Diagnostic("\(kind) has no sound to filter; \"filters\" go on an audio layer or a group",
                             at: value.location)
        }
        guard case .array(let elements) = value.kind else {
            throw Diagnostic("\"filters\" must be an array of filters, not \(value.kindDescription)", at: value.location)
        }
        var filters: [LayerFilter] = []
        for element in elements {
            let filter = try decodeFilter(element)
            guard !filters.contains(where: { $0.name == filter.name }) else {
                throw Diagnostic("two filters are named \(filter.name.quotedForMessage); names must be unique in a layer",
                                 at: element.location)
            }
            filters.append(filter)
        }
        return filters
    }

    private func decodeFilter(_ value: JSONValue) throws(Diagnostic) -> LayerFilter {
        var object = try JSONObjectReader(value, as: "filter")
        let nameValue = try object.required("name")
        let name = try nameValue.string("name")
        guard !name.isEmpty, !name.contains(".") else {
            throw Diagnostic("filter names must be non-empty and without '.', which separates filters.NAME.KEY",
                             at: nameValue.location)
        }
        object.what = "filter \(name.quotedForMessage)"
        let type = try object.required("type").enumeration("type", as: AudioFilterType.self)
        try object.rejectUnknownKeys(allowed: ["name", "type"] + type.parameters.map(\.key)) { key in
            AudioFilterType.allCases.contains { $0.parameter(key) != nil }
                ? "a \(type.rawValue) filter has no \(key.quotedForMessage); it has \(type.parameters.map(\.key).joined(separator: ", "))"
                : nil
        }
        var values: [String: Double] = [:]
        for parameter in type.parameters {
            guard let given = object[parameter.key] else { continue }
            let property = parameter.property(atKeyPath: parameter.key, value: parameter.defaultValue)
            values[parameter.key] = try given.number(parameter.key)
            if let problem = property.rangeProblem(values[parameter.key]!) {
                throw Diagnostic(problem, at: given.location)
            }
        }
        return LayerFilter(name: name, type: type, values: values)
    }
}
