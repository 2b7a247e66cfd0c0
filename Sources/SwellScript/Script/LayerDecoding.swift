import Foundation

/// `"layers"`: declarations, names, parents and cycles.
extension ScriptDecoder {
    /// A layer with the positions later checks point at.
    private struct DecodedLayer {
        var spec: LayerSpec
        var nameLocation: SourceLocation
        var parentLocation: SourceLocation?
    }

    private static let commonKeys = ["name", "type", "parent", "volume", "speed", "timeOffset", "beginTime"]

    static func ownKeys(of type: LayerSpec.LayerType) -> [String] {
        switch type {
        case .audio: ["file", "device", "pan", "taper"]
        case .mixer: ["device", "control"]
        case .video: ["file"]
        default: []
        }
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

    private func decodeLayer(_ value: JSONValue) throws(Diagnostic) -> DecodedLayer {
        var object = try JSONObjectReader(value, as: "layer")
        let nameValue = try object.required("name")
        let name = try nameValue.string("name")
        guard !name.isEmpty, !name.contains(".") else {
            throw Diagnostic(
                "layer names must be non-empty and without '.', which separates LAYER.KEYPATH", at: nameValue.location)
        }
        object.what = "layer \(name.quotedForMessage)"
        let type = try object.required("type").enumeration("type", as: LayerSpec.LayerType.self)
        var spec = LayerSpec(name: name, type: type, location: value.location)
        if type.visualClass != nil, let prototype = type.prototype {
            if type == .video { (spec.file, spec.video) = try decodeVideo(try object.required("file")) }
            spec.drawing = try decodeDrawing(object, of: prototype, type: type)
            if let volume = object["volume"], let value = spec.drawing["volume"]?.value as? Double,
               let problem = type.problem(setting: "volume", to: value) {
                throw Diagnostic(problem, at: volume.location)
            }
            spec.parent = try object["parent"].map { value throws(Diagnostic) in try value.string("parent") }
            for key in LayerSpec.timingKeys.sorted() {
                guard let value = object[key] else { continue }
                let number = try value.number(key)
                if let problem = type.problem(setting: key, to: number) { throw Diagnostic(problem, at: value.location) }
                spec.properties[key] = number
            }
            return DecodedLayer(spec: spec, nameLocation: nameValue.location, parentLocation: object["parent"]?.location)
        }
        let allowed = Self.commonKeys + Self.ownKeys(of: type)
        // A generic layer is a CALayer: its properties take their own forms.
        let prototype = type.prototype

        for member in object.members where !allowed.contains(member.key) {
            if let prototype, prototype.takesValue(forKeyPath: member.key) {
                spec.drawing[member.key] = try decodeProperty(member, of: prototype, type: type)
                continue
            }
            let misplaced = misplacedKey(member.key, in: type)
            // On a generic layer an extra numeric key declares a dynamic
            // property, unless it looks like a misspelt known key.
            guard type == .layer, KeySuggestion.closest(to: member.key, among: allowed) == nil else {
                throw object.unknownKey(member, allowed: allowed, misplaced: misplaced)
            }
            // Nor a misspelt CALayer property, whatever its value: Core
            // Animation would take `opactiy` as a new key and the layer
            // would stay opaque without a word.
            if misplaced == nil, let prototype {
                let hint = KeySuggestion.hint(for: member.key, among: prototype.propertyKeys.sorted())
                if !hint.isEmpty {
                    throw Diagnostic("\(type.nameWithArticle) has no property \(member.key.quotedForMessage)\(hint)",
                                     at: member.keyLocation)
                }
            }
            guard case .number(let number, _) = member.value.kind else {
                if let misplaced { throw Diagnostic(misplaced, at: member.keyLocation) }
                throw Diagnostic(
                    "\(member.key.quotedForMessage) must be a number, not \(member.value.kindDescription); extra keys of a generic layer declare numeric properties",
                    at: member.value.location)
            }
            guard member.key.isPropertyName else {
                throw Diagnostic(
                    "property name \(member.key.quotedForMessage) must be letters, digits and '_', not starting with a digit",
                    at: member.keyLocation)
            }
            spec.properties[member.key] = number
        }

        for key in ["volume", "pan"] + LayerSpec.timingKeys.sorted() where allowed.contains(key) {
            guard let value = object[key] else { continue }
            let number = try value.number(key)
            if let problem = type.problem(setting: key, to: number) { throw Diagnostic(problem, at: value.location) }
            spec.properties[key] = number
        }
        if let parent = object["parent"] {
            spec.parent = try parent.string("parent")
        }
        if let file = try object.nonEmptyString("file") {
            spec.file = URL(fileURLWithPath: file, relativeTo: baseDirectory).standardizedFileURL
        }
        spec.device = try object.nonEmptyString("device")
        spec.control = try object.nonEmptyString("control")
        if let taper = object["taper"] {
            spec.taper = try decodeTaper(taper)
        }
        return DecodedLayer(spec: spec, nameLocation: nameValue.location, parentLocation: object["parent"]?.location)
    }

    /// Explains a key that belongs to another layer type.
    private func misplacedKey(_ key: String, in type: LayerSpec.LayerType) -> String? {
        let owners = LayerSpec.LayerType.allCases.filter { Self.ownKeys(of: $0).contains(key) }
        guard !owners.isEmpty else { return nil }
        let ownerList = owners.map { "\($0.rawValue) layers" }.joinedAsList
        return "\(key.quotedForMessage) is not a key of \(type.nameWithArticle); \(ownerList) have it"
    }

    /// `"linear"`, `"cubic"` or `"decibels(FLOOR)"`.
    private func decodeTaper(_ value: JSONValue) throws(Diagnostic) -> TaperSpec {
        let text = try value.string("taper")
        switch text {
        case "linear": return .linear
        case "cubic": return .cubic
        default:
            if text.hasPrefix("decibels("), text.hasSuffix(")"),
                let floor = DecimalNumber(exactly: text.dropFirst("decibels(".count).dropLast().trimmingWhitespace),
                floor.value.isFinite, floor.value < 0
            {
                return .decibels(floor: floor.value)
            }
            throw Diagnostic(
                "unknown taper \(text.quotedForMessage); use \"linear\", \"cubic\" or \"decibels(FLOOR)\" with FLOOR in dB below 0, e.g. \"decibels(-60)\"",
                at: value.location)
        }
    }
}

extension LayerSpec.LayerType {
    var nameWithArticle: String {
        switch self {
        case .layer: "a generic layer"
        case .audio: "an audio layer"
        case .mixer: "a mixer layer"
        default: "a \(rawValue) layer"
        }
    }

    /// Why `value` cannot be the model value of `key` on this type of layer,
    /// or nil when it can.
    func problem(setting key: String, to value: Double) -> String? {
        switch key {
        case "volume" where value < 0:
            "\"volume\" must not be negative; it is a linear amplitude"
        case "pan" where self == .audio && !(-1 ... 1).contains(value):
            "\"pan\" must be within -1…1"
        case "speed" where !Float(value).isFinite:
            "\"speed\" is too large"
        default:
            nil
        }
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
