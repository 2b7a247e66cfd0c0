import Foundation

/// A property's value as a script writes it (docs/scripts.md#values), read
/// into the property's own type by what its table entry says
/// (``LayerProperty``): its type, its syntax (a LEVEL takes `"-6dB"`), its
/// range, and its kind (an image's path, a text layer's string). The same
/// reading serves a layer's declaration, an event's `set`, an animation's
/// values and `swell ctl`'s requests, so a value is refused alike, at its
/// place, wherever it is written.
extension ScriptDecoder {
    /// `value` for `property`, checked against its range — as a value to
    /// hold, or with `held` false one animated to — unless `checksRange`
    /// is false.
    func decodeValue(_ value: JSONValue, for property: LayerProperty, key: String,
                     checksRange: Bool = true, held: Bool = true) throws(Diagnostic) -> SceneValue {
        switch property.kind {
        case .image: return SceneValue(try decodeImage(value, key: key))
        case .text, .fontName: return SceneValue(try value.string(key))
        case .value, .timing: break
        }
        guard let example = property.defaultValue else {
            throw Diagnostic("\(key.quotedForMessage) cannot be set from a script", at: value.location)
        }
        let decoded: any Animatable
        if property.declaration.syntax == .level, case .string(let text) = value.kind {
            do throws(ValueSyntaxError) { decoded = try LevelSpec(parsing: text).amplitude } catch {
                throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
            }
        } else {
            decoded = try decodeValue(value, key: key, like: example)
        }
        if checksRange, let problem = property.rangeProblem(decoded, held: held) { throw Diagnostic(problem, at: value.location) }
        return SceneValue(decoded)
    }

    /// `value` in the type of `example`: a colour, a path, a transform, a
    /// list of colours, a name or a list of names, `null` for an optional
    /// — or, as key-value coding converts, a number, point, size,
    /// rectangle, flag or list of numbers.
    func decodeValue(_ value: JSONValue, key: String, like example: any Animatable) throws(Diagnostic) -> any Animatable {
        let type = Swift.type(of: example)
        if case .null = value.kind {
            guard let optional = example as? any OptionalProperty else {
                throw Diagnostic("\(key.quotedForMessage) must be \(Self.expectation(for: example)), not null",
                                 at: value.location)
            }
            return optional.none
        }
        if example is Bool { return try value.bool(key) }
        if ValueCoercion.number(example) != nil {
            guard case .number(let number, _) = value.kind, let converted = ValueCoercion.coerce(number, toTypeOf: example)
            else {
                throw Diagnostic("\(key.quotedForMessage) must be \(Self.expectation(for: example)), not \(value.literalText)",
                                 at: value.location)
            }
            guard converted.isFinite else { throw Diagnostic("\(key.quotedForMessage) is too large", at: value.location) }
            return converted
        }
        if type == CGColor.self { return try decodeColor(value, key: key) }
        if type == CGColor?.self { return Optional(try decodeColor(value, key: key)) }
        if type == PathValue.self || type == PathValue?.self {
            let path = try decodePath(value, key: key).value
            return type == PathValue.self ? path : Optional(path)
        }
        if type == CATransform3D.self {
            let m = try value.numbers(key)
            guard m.count == 16, m.allSatisfy(\.isFinite) else {
                throw Diagnostic("\(key.quotedForMessage) must be 16 numbers, m11 … m44 row by row", at: value.location)
            }
            return CATransform3D(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                                 m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
        }
        if type == [CGColor].self || type == [CGColor]?.self {
            var colors: [CGColor] = []
            for element in try value.array(key) { colors.append(try decodeColor(element, key: key)) }
            return type == [CGColor].self ? colors : Optional(colors)
        }
        if let named = type as? any NamedValue.Type { return try decodeName(value, key: key, as: named) }
        if let options = type as? any NamedOptionSet.Type { return try decodeOptions(value, key: key, as: options) }
        guard let loose = value.foundationValue, let converted = ValueCoercion.coerce(loose, toTypeOf: example) else {
            throw Diagnostic("\(key.quotedForMessage) must be \(Self.expectation(for: example)), not \(value.literalText)",
                             at: value.location)
        }
        return converted
    }

    /// One of a named type's values by its name (``NamedValue``): a Core
    /// Animation constant by its string or Swift name.
    private func decodeName(_ value: JSONValue, key: String, as type: any NamedValue.Type) throws(Diagnostic) -> any Animatable {
        let name = try value.string(key)
        if let found = type.init(valueNamed: name) { return found }
        let names = type.valueNames
        let hint = KeySuggestion.hint(for: name, among: names)
        let choices = hint.isEmpty ? "; use " + names.map(\.quotedForMessage).joinedAsAlternatives
            + (type.valueNameHint.map { " " + $0 } ?? "") : hint
        throw Diagnostic("unknown \(key) \(name.quotedForMessage)\(choices)", at: value.location)
    }

    /// An option set from the names of its members (``NamedOptionSet``).
    private func decodeOptions(_ value: JSONValue, key: String,
                               as type: any NamedOptionSet.Type) throws(Diagnostic) -> any Animatable {
        func union<Options: NamedOptionSet>(_: Options.Type) throws(Diagnostic) -> any Animatable {
            var options: Options = []
            let names = Options.namedMembers.map(\.key)
            for element in try value.array(key) {
                let name = try element.string(key)
                guard let member = Options.namedMembers.first(where: { $0.key == name })?.value else {
                    let hint = KeySuggestion.hint(for: name, among: names)
                    throw Diagnostic("unknown \(key) member \(name.quotedForMessage)"
                                     + (hint.isEmpty ? "; use \(names.joined(separator: ", "))" : hint),
                                     at: element.location)
                }
                options.formUnion(member)
            }
            return options
        }
        return try union(type)
    }

    /// A path written as SVG path data (``PathData``).
    func decodePath(_ value: JSONValue, key: String) throws(Diagnostic) -> CGPath {
        let text = try value.string(key)
        do throws(ValueSyntaxError) { return try PathData.path(parsing: text) } catch {
            throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
        }
    }

    /// What a value of `example`'s type is written as, for messages.
    static func expectation(for example: any Animatable) -> String {
        switch example {
        case is Double, is Float, is CGFloat, is Double?, is CGFloat?, is Float?: "a number"
        case is Int: "a whole number"
        case is UInt32: "a whole number from 0 to \(UInt32.max)"
        case is Bool: "true or false"
        case is CGPoint: "a point, [x, y]"
        case is CGSize: "a size, [width, height]"
        case is CGRect: "a rectangle, [x, y, width, height]"
        case is [CGFloat], is [CGFloat]?: "a list of numbers"
        default: "a value of type \(Swift.type(of: example))"
        }
    }
}

/// An optional property type, whose `null` is nil — `"fillColor": null`
/// fills nothing, as Apple's code sets `fillColor = nil`.
private protocol OptionalProperty {
    var none: any Animatable { get }
}

extension Optional: OptionalProperty where Wrapped: Animatable {
    fileprivate var none: any Animatable { Wrapped?.none }
}

extension JSONValue {
    /// The value as key-value coding takes it: numbers, flags, strings and
    /// arrays of them.
    var foundationValue: Any? {
        switch kind {
        case .number(let number, _): number
        case .bool(let flag): flag
        case .string(let text): text
        case .array(let elements): elements.compactMap(\.foundationValue) as [Any]
        default: nil
        }
    }
}
