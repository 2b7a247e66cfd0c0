/// Encodes `Encodable` values into a ``JSONValue`` — the project's own
/// JSON, which ``JSONValue/jsonText`` writes — so that typed messages, such
/// as the control protocol's requests and replies, go out through the same
/// implementation that reads them back with their positions.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let node = EncodingNode()
        try encodeValue(value, into: node, path: [])
        return node.value
    }
}

/// A value being built: containers are shared by the containers that
/// write into them, so they are references.
private final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue.Kind)
        case object([(String, EncodingNode)])
        case array([EncodingNode])
    }

    var content = Content.empty

    var value: JSONValue {
        let origin = SourceLocation(line: 1, column: 1)
        switch content {
        case .empty: return JSONValue(.null, at: origin)
        case .value(let kind): return JSONValue(kind, at: origin)
        case .object(let members):
            return JSONValue(.object(members.map { JSONMember(key: $0.0, keyLocation: origin, value: $0.1.value) }),
                             at: origin)
        case .array(let elements): return JSONValue(.array(elements.map(\.value)), at: origin)
        }
    }

    func member(_ key: String) -> EncodingNode {
        if case .object(var members) = content {
            if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
            let node = EncodingNode()
            members.append((key, node))
            content = .object(members)
            return node
        }
        let node = EncodingNode()
        content = .object([(key, node)])
        return node
    }

    func append() -> EncodingNode {
        let node = EncodingNode()
        if case .array(let elements) = content { content = .array(elements + [node]) } else { content = .array([node]) }
        return node
    }
}

private struct ValueEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], node: EncodingNode = EncodingNode()) {
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleEncoder(node: node, codingPath: codingPath)
    }
}

/// Writes a primitive or a nested value into `node`.
private func encodeValue<Value: Encodable>(_ value: Value, into node: EncodingNode, path: [any CodingKey]) throws {
    if let json = value as? JSONValue {
        node.content = json.encodingContent
        return
    }
    try value.encode(to: ValueEncoder(codingPath: path, node: node))
}

extension JSONValue {
    fileprivate var encodingContent: EncodingNode.Content {
        switch kind {
        case .object(let members):
            return .object(members.map { member in
                let node = EncodingNode()
                node.content = member.value.encodingContent
                return (member.key, node)
            })
        case .array(let elements):
            return .array(elements.map { element in
                let node = EncodingNode()
                node.content = element.encodingContent
                return node
            })
        default:
            return .value(kind)
        }
    }
}

private func number(_ value: Double) -> JSONValue.Kind {
    .number(value, literal: JSONValue.literal(value))
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.member(key.stringValue).content = .value(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.member(key.stringValue).content = .value(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: path(key), debugDescription: "not finite")) }
        node.member(key.stringValue).content = .value(number(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(Double(value), literal: String(value)))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), path: path(key))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.content = .object([])
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: path(key)))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.content = .array([])
        return UnkeyedEncoder(node: child, codingPath: path(key))
    }
    mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, node: node) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(codingPath: path(key), node: node.member(key.stringValue))
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = node.content { elements.count } else { 0 }
    }

    mutating func encodeNil() throws { node.append().content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.append().content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.append().content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "not finite")) }
        node.append().content = .value(number(value))
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: node.append(), path: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.append()
        child.content = .object([])
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.append()
        child.content = .array([])
        return UnkeyedEncoder(node: child, codingPath: codingPath)
    }
    mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, node: node.append()) }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "not finite")) }
        node.content = .value(number(value))
    }
    mutating func encode(_ value: Int) throws { node.content = .value(.number(Double(value), literal: String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node, path: codingPath) }
}
