import Foundation

/// `"layers"`: declarations, names, parents and cycles.
extension ScriptDecoder {
    /// A layer with the positions later checks point at.
    private struct DecodedLayer {
        var spec: LayerSpec
        var nameLocation: SourceLocation
        var parentLocation: SourceLocation?
    }

    func decodeLayers(_ value: JSONValue) throws(Diagnostic) -> [LayerSpec] {
        let entries = try value.array("layers")
        guard !entries.isEmpty else {
            throw Diagnostic(
                "\"layers\" must declare at least one layer; leave it out for one generic layer named \"main\"",
                at: value.location)
        }
        var layers: [DecodedLayer] = []
        var byName: [String: DecodedLayer] = [:]
        for entry in entries {
            let layer = try decodeLayer(entry)
            if let first = byName[layer.spec.name] {
                throw Diagnostic(
                    "duplicate layer name \(layer.spec.name.quotedForMessage) (first declared at line \(first.nameLocation.line), column \(first.nameLocation.column))",
                    at: layer.nameLocation)
            }
            byName[layer.spec.name] = layer
            layers.append(layer)
        }
        let names = layers.map(\.spec.name)
        for layer in layers {
            try checkParent(of: layer, in: byName, names: names)
            try checkDuck(of: layer.spec, in: byName, names: names)
        }
        return layers.map(\.spec)
    }

    /// The parent exists, is not the layer itself, and following parents
    /// upward never comes back to the layer (a layer tree has no cycles).
    private func checkParent(
        of layer: DecodedLayer, in byName: [String: DecodedLayer], names: [String]
    ) throws(Diagnostic) {
        guard let parent = layer.spec.parent, let location = layer.parentLocation else { return }
        let name = layer.spec.name
        guard byName[parent] != nil else {
            throw Diagnostic(
                "unknown parent layer \(parent.quotedForMessage)\(KeySuggestion.hint(for: parent, among: names))",
                at: location)
        }
        guard parent != name else {
            throw Diagnostic("layer \(name.quotedForMessage) cannot be its own parent", at: location)
        }
        var chain = [name]
        var next: String? = parent
        while let ancestor = next, !chain.dropFirst().contains(ancestor) {
            chain.append(ancestor)
            if ancestor == name {
                throw Diagnostic(
                    "layers \(chain.map(\.quotedForMessage).joined(separator: " → ")) form a cycle; a layer cannot be its own ancestor",
                    at: location)
            }
            next = byName[ancestor]?.spec.parent
        }
    }

    /// A duck's key layer exists, is another layer, and plays a file.
    private func checkDuck(of layer: LayerSpec, in byName: [String: DecodedLayer], names: [String]) throws(Diagnostic) {
        guard let duck = layer.duck else { return }
        guard let key = byName[duck.under]?.spec else {
            throw Diagnostic("unknown layer \(duck.under.quotedForMessage) to duck under\(KeySuggestion.hint(for: duck.under, among: names))",
                             at: duck.underLocation)
        }
        guard key.name != layer.name else {
            throw Diagnostic("layer \(layer.name.quotedForMessage) cannot duck under itself", at: duck.underLocation)
        }
        guard key.file != nil else {
            throw Diagnostic("layer \(key.name.quotedForMessage) plays no file to duck under", at: duck.underLocation)
        }
    }

    private func decodeLayer(_ value: JSONValue) throws(Diagnostic) -> DecodedLayer {
        var object = try JSONObjectReader(value, as: "layer")
        let nameValue = try object.required("name")
        let name = try nameValue.string("name")
        guard !name.isEmpty, !name.contains(".") else {
            throw Diagnostic(
                "layer names must be non-empty and without '.', which separates LAYER.KEYPATH", at: nameValue.location)
        }
        object.what = "layer \(name.quotedForMessage)"
        let (kind, kindKey) = try layerKind(of: object)
        var spec = LayerSpec(name: name, type: kind, location: value.location)
        for member in object.members where !["name", "parent", kindKey].contains(member.key) {
            if member.key == "duck" {
                spec.duck = try decodeDuck(member.value)
            } else if member.key == LayerFilter.layerKey {
                spec.filters = try decodeFilters(member.value, on: kind)
            } else if let parameter = kind.parameter(member.key) {
                spec.parameters[member.key] = try decodeParameter(member.value, parameter)
            } else if let property = kind.layerClass.property(forKeyPath: member.key) {
                spec.properties[member.key] = try decodeValue(member.value, for: property, key: member.key)
            } else {
                try declareDynamicProperty(member, on: &spec, object: object)
            }
        }
        for parameter in kind.parameters where parameter.isRequired && spec.parameters[parameter.key] == nil {
            throw Diagnostic("missing required key \(parameter.key.quotedForMessage) in \(object.what)", at: object.location)
        }
        spec.parent = try object["parent"].map { value throws(Diagnostic) in try value.string("parent") }
        return DecodedLayer(spec: spec, nameLocation: nameValue.location, parentLocation: object["parent"]?.location)
    }

    /// The declaration's kind: by `"type"`, its name in the registry, or by
    /// `"class"`, its class's name (`"CAGradientLayer"`) — with which
    /// `"type"` is a property, as a gradient layer's own `type` is
    /// (docs/scripts.md#layers). Returns the key that named it.
    private func layerKind(of object: JSONObjectReader) throws(Diagnostic) -> (LayerKind, String) {
        if let value = object["class"] {
            let name = try value.string("class")
            guard let kind = kinds.first(where: { $0.className == name }) else {
                throw unknownName(name, of: "class", among: kinds.map(\.className), at: value.location)
            }
            return (kind, "class")
        }
        let value = try object.required("type")
        let name = try value.string("type")
        guard let kind = kinds.first(where: { $0.name == name }) else {
            throw unknownName(name, of: "type", among: kinds.map(\.name), at: value.location)
        }
        return (kind, "type")
    }

    private func unknownName(_ name: String, of key: String, among names: [String],
                             at location: SourceLocation) -> Diagnostic {
        let hint = KeySuggestion.hint(for: name, among: names)
        return Diagnostic("unknown \(key) \(name.quotedForMessage)" + (hint.isEmpty ? "; use \(names.joined(separator: ", "))" : hint),
                          at: location)
    }

    /// A parameter's value: a file's path relative to the script, a video
    /// opened now, or a name.
    private func decodeParameter(_ value: JSONValue, _ parameter: LayerParameter) throws(Diagnostic) -> LayerSpec.ParameterValue {
        if parameter.value == .video {
            let (file, video) = try decodeVideo(value)
            return .video(file, video)
        }
        let text = try value.string(parameter.key)
        guard !text.isEmpty else { throw Diagnostic("\(parameter.key.quotedForMessage) must not be empty", at: value.location) }
        if let problem = parameter.problem?(text) {
            throw Diagnostic("\(parameter.key.quotedForMessage): \(problem)", at: value.location)
        }
        guard parameter.value != .name else { return .name(text) }
        let file = URL(fileURLWithPath: text, relativeTo: baseDirectory).standardizedFileURL
        guard parameter.value == .document else { return .file(file) }
        guard let open = parameter.open else {
            var missing = Diagnostic("\(parameter.key.quotedForMessage) cannot be read here: no reader was given",
                                     at: value.location)
            missing.needsReader = true
            throw missing
        }
        do {
            return .document(try open(file.path))
        } catch {
            throw Diagnostic("\(parameter.key.quotedForMessage): \(error)", at: value.location)
        }
    }

    /// A key that is neither a parameter of the layer's kind nor a property
    /// of its class: on a generic layer, a number under a new identifier
    /// declares a dynamic property; anything else is refused — as a
    /// parameter of another kind, a misspelt key or property, or a key the
    /// layer does not have. A misspelt property is refused on a generic
    /// layer too: Core Animation would take `opactiy` as a new key and the
    /// layer would stay opaque without a word.
    private func declareDynamicProperty(_ member: JSONMember, on spec: inout LayerSpec,
                                        object: JSONObjectReader) throws(Diagnostic) {
        let kind = spec.type
        let owners = kinds.filter { $0.parameter(member.key) != nil }.map { "\($0.noun)s" }.sorted()
        if !owners.isEmpty {
            throw Diagnostic("\(member.key.quotedForMessage) is not a key of \(kind); \(owners.joinedAsList) have it",
                             at: member.keyLocation)
        }
        let structural = ["name", "type", "parent"] + kind.parameters.map(\.key)
        if KeySuggestion.closest(to: member.key, among: structural) != nil {
            throw object.unknownKey(member, allowed: structural)
        }
        // A misspelling of one of the class's keys, not of a key the
        // declaration adds (an OSC pad's `y` beside its `x`).
        let hint = KeySuggestion.hint(for: member.key, among: Array(kind.layerClass.propertyTable.keys))
        guard kind.declaresProperties, hint.isEmpty else {
            throw Diagnostic("\(kind) has no property \(member.key.quotedForMessage)\(hint)", at: member.keyLocation)
        }
        guard case .number(let number, _) = member.value.kind else {
            throw Diagnostic(
                "\(member.key.quotedForMessage) must be a number, not \(member.value.kindDescription); extra keys of \(kind) declare numeric properties",
                at: member.value.location)
        }
        guard member.key.isPropertyName else {
            throw Diagnostic(
                "property name \(member.key.quotedForMessage) must be letters, digits and '_', not starting with a digit",
                at: member.keyLocation)
        }
        spec.declaredKeys.insert(member.key)
        spec.properties[member.key] = SceneValue(number)
    }
}

extension String {
    /// An identifier, `[A-Za-z_][A-Za-z0-9_]*`: a name a key path can use.
    var isPropertyName: Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar) || scalar == "_"
        }
        guard let first = unicodeScalars.first, isLetter(first) else { return false }
        return unicodeScalars.allSatisfy { isLetter($0) || ("0" ... "9").contains($0) }
    }
}
