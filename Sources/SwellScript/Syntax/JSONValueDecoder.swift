/// Decodes `Decodable` values from a ``JSONValue`` that ``JSONParser`` read,
/// so that a typed message is checked where it was written: a wrong type or
/// a missing key is a ``SourceError`` at its line and column, as in a
/// script. A `JSONValue` member decodes as it is, positions kept, for
/// whoever reads it further (a control request's event, read against the
/// session's layers).
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// Decodes `value`; errors name `file`.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue,
                                         file: String) throws(SourceError) -> Value {
        do {
            return try decodeValue(type, from: value, path: [])
        } catch let error as Diagnostic {
            throw SourceError(file: file, error)
        } catch let error as SourceError {
            // A type's own check of what it decoded, at the value's place.
            throw SourceError(file: file, location: error.location, message: error.message)
        } catch {
            throw SourceError(file: file, location: value.location, message: "\(error)")
        }
    }
}

private func decodeValue<Value: Decodable>(_ type: Value.Type, from value: JSONValue,
                                           path: [any CodingKey]) throws -> Value {
    if let json = value as? Value { return json }
    return try Value(from: ValueDecoder(value: value, codingPath: path))
}

/// The key a message names the value at `path` by: its own, or that of
/// the array it is in.
private func key(_ path: [any CodingKey]) -> String {
    path.last(where: { $0.intValue == nil })?.stringValue ?? "value"
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value.kind else {
            throw value.wrongType(codingPath.last?.stringValue ?? "the message", expected: "an object")
        }
        return KeyedDecodingContainer(KeyedDecoder<Key>(object: value, members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value.kind else {
            throw value.wrongType(codingPath.last?.stringValue ?? "the message", expected: "an array")
        }
        return UnkeyedDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleDecoder(value: value, codingPath: codingPath)
    }
}

/// The primitives, read from one value.
private struct Primitive {
    let value: JSONValue
    let path: [any CodingKey]

    var isNil: Bool {
        if case .null = value.kind { true } else { false }
    }

    func bool() throws -> Bool { try value.bool(key(path)) }
    func string() throws -> String { try value.string(key(path)) }
    func double() throws -> Double { try value.number(key(path)) }
    func integer<Integer: FixedWidthInteger>(_: Integer.Type) throws -> Integer {
        let number = try double()
        guard let integer = Integer(exactly: number) else {
            throw Diagnostic("\(key(path).quotedForMessage) must be a whole number from \(Integer.min) to \(Integer.max), not \(value.literalText)",
                             at: value.location)
        }
        return integer
    }
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONValue
    let members: [JSONMember]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func value(_ key: Key) throws -> JSONValue {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw Diagnostic("missing required key \(key.stringValue.quotedForMessage)", at: object.location)
        }
        return member.value
    }

    private func primitive(_ key: Key) throws -> Primitive { Primitive(value: try value(key), path: codingPath + [key]) }

    func decodeNil(forKey key: Key) throws -> Bool { try primitive(key).isNil }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try primitive(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try primitive(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try primitive(key).double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try primitive(key).double()) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try primitive(key).integer(Int.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try primitive(key).integer(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try primitive(key).integer(Int64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(type, from: try value(key), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: object, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: try value(key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw Diagnostic("\(key(codingPath).quotedForMessage) has too few elements", at: elements.last?.location ?? SourceLocation(line: 1, column: 1))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    private mutating func primitive() throws -> Primitive { Primitive(value: try next(), path: codingPath) }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].kind else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try primitive().bool() }
    mutating func decode(_ type: String.Type) throws -> String { try primitive().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try primitive().double() }
    mutating func decode(_ type: Int.Type) throws -> Int { try primitive().integer(Int.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type, from: try next(), path: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try next(), codingPath: codingPath).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try next(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { ValueDecoder(value: try next(), codingPath: codingPath) }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    private var primitive: Primitive { Primitive(value: value, path: codingPath) }

    func decodeNil() -> Bool { primitive.isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try primitive.bool() }
    func decode(_ type: String.Type) throws -> String { try primitive.string() }
    func decode(_ type: Double.Type) throws -> Double { try primitive.double() }
    func decode(_ type: Int.Type) throws -> Int { try primitive.integer(Int.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, from: value, path: codingPath) }
}
