/// Any JSON value, as a member of a `Codable` message: the control
/// protocol keeps an event as written until the session reads it.
extension JSONValue: Codable {
    /// Any JSON value. ``JSONValueDecoder`` hands a member over as it was
    /// read, positions kept; other decoders build it from its parts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let origin = SourceLocation(line: 1, column: 1)
        if container.decodeNil() { self.init(.null, at: origin) }
        else if let flag = try? container.decode(Bool.self) { self.init(.bool(flag), at: origin) }
        else if let number = try? container.decode(Double.self) {
            self.init(.number(number, literal: JSONValue.literal(number)), at: origin)
        } else if let string = try? container.decode(String.self) { self.init(.string(string), at: origin) }
        else if let elements = try? container.decode([JSONValue].self) { self.init(.array(elements), at: origin) }
        else {
            let members = try container.decode([String: JSONValue].self)
            self.init(.object(members.sorted { $0.key < $1.key }.map {
                JSONMember(key: $0.key, keyLocation: origin, value: $0.value)
            }), at: origin)
        }
    }

    /// ``JSONValueEncoder`` writes it as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch kind {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number, _): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let members):
            try container.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
