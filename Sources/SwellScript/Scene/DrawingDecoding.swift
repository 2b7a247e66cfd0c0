import Foundation

/// A visual layer's properties (docs/scripts.md#visual-layers): every key
/// but `name`, `type`, `parent`, the timing keys and a video layer's `file`
/// is a key path of the layer's class, and its value is written in the
/// form its type takes —
/// checked against a layer of the class, so a misspelt key or a wrong value
/// is reported at its place before anything runs.
extension ScriptDecoder {
    func decodeDrawing(_ object: JSONObjectReader, of prototype: CALayer,
                       type: LayerSpec.LayerType) throws(Diagnostic) -> [String: SceneValue] {
        let reserved = Set(["name", "type", "parent"] + Self.ownKeys(of: type)).union(LayerSpec.timingKeys)
        var drawing: [String: SceneValue] = [:]
        for member in object.members where !reserved.contains(member.key) {
            drawing[member.key] = try decodeProperty(member, of: prototype, type: type)
        }
        return drawing
    }

    /// The value `member` gives the property it names on a layer of
    /// `type`, in the property's type — alike in a declaration and in an
    /// event's `"set"`.
    func decodeProperty(_ member: JSONMember, of prototype: CALayer,
                        type: LayerSpec.LayerType) throws(Diagnostic) -> SceneValue {
        if member.key == "contents" { return SceneValue(try decodeImage(member.value, key: member.key)) }
        if type == .text && (member.key == "string" || member.key == "font") {
            // CATextLayer's text and font name: strings, not animatable
            // properties (a font by name, as Apple's `font` takes one).
            return SceneValue(try member.value.string(member.key))
        }
        guard let example = prototype.settableDefault(forKeyPath: member.key) else {
            throw Diagnostic("\(type.nameWithArticle) has no property \(member.key.quotedForMessage)"
                             + KeySuggestion.hint(for: member.key, among: prototype.propertyKeys.sorted()),
                             at: member.keyLocation)
        }
        return SceneValue(try decodeValue(member.value, key: member.key, like: example))
    }

    /// `value` in the type of `example`: a colour, a path, a transform, a
    /// list of colours, or — like key-value coding converts — a number,
    /// point, size, rectangle, flag, name or list of numbers.
    func decodeValue(_ value: JSONValue, key: String, like example: any Animatable) throws(Diagnostic) -> any Animatable {
        let type = Swift.type(of: example)
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
        guard let loose = value.foundationValue(constantAliases: Self.constantAliases),
              let converted = ValueCoercion.coerce(loose, toTypeOf: example) else {
            throw Diagnostic("\(key.quotedForMessage) must be \(Self.expectation(for: example)), not \(value.literalText)",
                             at: value.location)
        }
        return converted
    }

    /// A path written as SVG path data (``PathData``).
    func decodePath(_ value: JSONValue, key: String) throws(Diagnostic) -> CGPath {
        let text = try value.string(key)
        do throws(ValueSyntaxError) { return try PathData.path(parsing: text) } catch {
            throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
        }
    }

    /// Core Animation constants by their Swift names where the raw string
    /// differs (`CAShapeLayerFillRule.evenOdd` is `"even-odd"`).
    static let constantAliases = ["evenOdd": "even-odd", "nonZero": "non-zero"]

    /// What a value of `example`'s type is written as, for messages.
    static func expectation(for example: any Animatable) -> String {
        switch example {
        case is Double, is Float, is CGFloat, is Double?, is CGFloat?, is Float?: "a number"
        case is Int: "a whole number"
        case is Bool: "true or false"
        case is CGPoint: "a point, [x, y]"
        case is CGSize: "a size, [width, height]"
        case is CGRect: "a rectangle, [x, y, width, height]"
        case is any CAStringConstant: "a name"
        default: "a value of type \(Swift.type(of: example))"
        }
    }
}

extension CALayer {
    /// Whether a script may give `keyPath` a value on this layer: one of
    /// its properties or a key path into one, or image `contents`.
    func takesValue(forKeyPath keyPath: String) -> Bool {
        keyPath == "contents" || settableDefault(forKeyPath: keyPath) != nil
    }
}

extension JSONValue {
    /// The value as key-value coding takes it: numbers, flags, strings (a
    /// constant's Swift name turned into its raw string) and arrays of them.
    func foundationValue(constantAliases: [String: String]) -> Any? {
        switch kind {
        case .number(let number, _): number
        case .bool(let flag): flag
        case .string(let text): constantAliases[text] ?? text
        case .array(let elements):
            elements.compactMap { $0.foundationValue(constantAliases: constantAliases) } as [Any]
        default: nil
        }
    }
}
