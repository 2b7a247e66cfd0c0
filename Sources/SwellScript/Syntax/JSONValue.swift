/// A JSON value (RFC 8259) together with where it was written.
///
/// Unlike `JSONSerialization` or `JSONDecoder`, which forget positions, every
/// value and every object key keeps its ``SourceLocation`` so that a script
/// can be rejected with the line and column of the offending token.
public struct JSONValue: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        /// A finite number and its literal text as written (`1e3`, `0.10`).
        case number(Double, literal: String)
        case string(String)
        case array([JSONValue])
        /// Members in the order they appear in the file; keys are unique.
        case object([JSONMember])
    }

    public var kind: Kind
    /// The position of the value's first character.
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// A number written by a program, not read: it has no position of its
    /// own.
    public init(_ number: Double) {
        self.init(.number(number, literal: JSONValue.literal(number)), at: SourceLocation(line: 1, column: 1))
    }

    /// A string written by a program.
    public init(_ string: String) {
        self.init(.string(string), at: SourceLocation(line: 1, column: 1))
    }

    /// The member named `key` when the value is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The kind of value with its article, for messages such as
    /// `"duration" must be a number, not a string`.
    public var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    /// The position of the key's opening quote.
    public var keyLocation: SourceLocation
    public var value: JSONValue

    public init(key: String, keyLocation: SourceLocation, value: JSONValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
