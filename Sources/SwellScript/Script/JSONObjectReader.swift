/// A JSON object being decoded into a spec: typed access to its members,
/// with errors that name the key, point at the offending token and, for
/// unknown keys, suggest the closest valid one.
struct JSONObjectReader {
    let members: [JSONMember]
    let location: SourceLocation
    /// What the object is, for messages: `event`, `layer "music"`.
    var what: String

    init(_ value: JSONValue, as what: String) throws(Diagnostic) {
        guard case .object(let members) = value.kind else {
            throw Diagnostic("\(what) must be an object, not \(value.kindDescription)", at: value.location)
        }
        self.members = members
        self.location = value.location
        self.what = what
    }

    subscript(key: String) -> JSONValue? { member(key)?.value }

    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }

    func required(_ key: String) throws(Diagnostic) -> JSONValue {
        guard let value = self[key] else {
            throw Diagnostic("missing required key \(key.quotedForMessage) in \(what)", at: location)
        }
        return value
    }

    /// Rejects the first member, in file order, whose key is not in
    /// `allowed`. `misplaced` may explain a key that belongs to another kind
    /// of object (`"values" is not a key of a basic animation; …`).
    func rejectUnknownKeys(allowed: [String], misplaced: (String) -> String? = { _ in nil }) throws(Diagnostic) {
        for member in members where !allowed.contains(member.key) {
            throw unknownKey(member, allowed: allowed, misplaced: misplaced(member.key))
        }
    }

    func unknownKey(_ member: JSONMember, allowed: [String], misplaced: String? = nil) -> Diagnostic {
        if let misplaced { return Diagnostic(misplaced, at: member.keyLocation) }
        let hint = KeySuggestion.hint(for: member.key, among: allowed)
        let message = "unknown key \(member.key.quotedForMessage) in \(what)"
        guard hint.isEmpty else { return Diagnostic(message + hint, at: member.keyLocation) }
        return Diagnostic(message + "; valid keys are \(allowed.joined(separator: ", "))", at: member.keyLocation)
    }

    // MARK: Optional members of one type

    func number(_ key: String) throws(Diagnostic) -> Double? {
        guard let value = self[key] else { return nil }
        return try value.number(key)
    }

    func bool(_ key: String) throws(Diagnostic) -> Bool? {
        guard let value = self[key] else { return nil }
        return try value.bool(key)
    }

    /// A number that must be ≥ 0.
    func nonNegativeNumber(_ key: String) throws(Diagnostic) -> Double? {
        guard let value = self[key] else { return nil }
        let number = try value.number(key)
        guard number >= 0 else { throw Diagnostic("\(key.quotedForMessage) must not be negative", at: value.location) }
        return number
    }

    /// A string that must not be empty.
    func nonEmptyString(_ key: String) throws(Diagnostic) -> String? {
        guard let value = self[key] else { return nil }
        let string = try value.string(key)
        guard !string.isEmpty else { throw Diagnostic("\(key.quotedForMessage) must not be empty", at: value.location) }
        return string
    }

    /// One of an enumeration's raw values, suggesting the closest on a typo.
    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type) throws(Diagnostic) -> E?
    where E.RawValue == String {
        guard let value = self[key] else { return nil }
        return try value.enumeration(key, as: type)
    }
}

extension JSONValue {
    /// The value as a number; `name` is the key or description used in the
    /// message otherwise.
    func number(_ name: String) throws(Diagnostic) -> Double {
        guard case .number(let number, _) = kind else { throw wrongType(name, expected: "a number") }
        return number
    }

    func string(_ name: String) throws(Diagnostic) -> String {
        guard case .string(let string) = kind else { throw wrongType(name, expected: "a string") }
        return string
    }

    func bool(_ name: String) throws(Diagnostic) -> Bool {
        guard case .bool(let bool) = kind else { throw wrongType(name, expected: "true or false") }
        return bool
    }

    func array(_ name: String) throws(Diagnostic) -> [JSONValue] {
        guard case .array(let elements) = kind else { throw wrongType(name, expected: "an array") }
        return elements
    }

    /// An array of numbers; a non-number element is reported where it is.
    func numbers(_ name: String) throws(Diagnostic) -> [Double] {
        var numbers: [Double] = []
        for element in try array(name) {
            guard case .number(let number, _) = element.kind else {
                throw Diagnostic(
                    "\(name.quotedForMessage) must contain only numbers, not \(element.kindDescription)",
                    at: element.location)
            }
            numbers.append(number)
        }
        return numbers
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ name: String, as type: E.Type) throws(Diagnostic) -> E
    where E.RawValue == String {
        let string = try string(name)
        let names = E.allCases.map(\.rawValue)
        guard let value = E(rawValue: string) else {
            let hint = KeySuggestion.hint(for: string, among: names)
            let choices = hint.isEmpty ? "; use \(names.joined(separator: ", "))" : hint
            throw Diagnostic("unknown \(name) \(string.quotedForMessage)\(choices)", at: location)
        }
        return value
    }

    var isNumber: Bool {
        if case .number = kind { true } else { false }
    }

    var isString: Bool {
        if case .string = kind { true } else { false }
    }

    func wrongType(_ name: String, expected: String) -> Diagnostic {
        Diagnostic("\(name.quotedForMessage) must be \(expected), not \(kindDescription)", at: location)
    }
}
