import SwellScript

/// A value of a Lottie document with the JSON path that reaches it
/// (`layers[3].shapes[1]`), so that anything refused is refused where it
/// was written: the path, and the line and column (docs/lottie.md#errors).
struct LottieNode {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// A refusal at this value.
    func failure(_ message: String) -> LottieFailure {
        place.failure(message)
    }

    /// Where the value is, kept after the document is read.
    var place: Place { Place(path: path, location: value.location) }

    struct Place: Sendable {
        let path: String
        let location: SourceLocation

        func failure(_ message: String) -> LottieFailure {
            LottieFailure(path: path, location: location, message: message)
        }
    }

    /// The member `key`, if the value is an object that has it and it is not
    /// null.
    subscript(key: String) -> LottieNode? {
        guard let member = value[key] else { return nil }
        if case .null = member.kind { return nil }
        return LottieNode(member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func required(_ key: String) throws(LottieFailure) -> LottieNode {
        guard let member = self[key] else { throw failure("missing \"\(key)\"") }
        return member
    }

    var number: Double? {
        switch value.kind {
        case .number(let number, _): number
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }

    func asNumber() throws(LottieFailure) -> Double {
        guard let number else { throw failure("must be a number, not \(value.kindDescription)") }
        return number
    }

    /// The value as a whole number, its fraction dropped: indexes, types
    /// and enumerations, which are small, so that a huge one is refused
    /// rather than overflowing `Int`.
    func asInteger() throws(LottieFailure) -> Int {
        let number = try asNumber()
        guard number.isFinite, abs(number) < 2_147_483_648 else {
            throw failure("must be a whole number between -2147483648 and 2147483647, not \(number)")
        }
        return Int(number)
    }

    func integer(_ key: String) throws(LottieFailure) -> Int {
        try required(key).asInteger()
    }

    /// The whole number at `key`, or `fallback` when it is missing.
    func integer(_ key: String, default fallback: Int) throws(LottieFailure) -> Int {
        try self[key]?.asInteger() ?? fallback
    }

    /// The number at `key`, or `fallback` when it is missing.
    func number(_ key: String, default fallback: Double) throws(LottieFailure) -> Double {
        try self[key]?.asNumber() ?? fallback
    }

    func number(_ key: String) throws(LottieFailure) -> Double {
        try required(key).asNumber()
    }

    func string(_ key: String) throws(LottieFailure) -> String? {
        guard let member = self[key] else { return nil }
        guard case .string(let text) = member.value.kind else {
            throw member.failure("must be a string, not \(member.value.kindDescription)")
        }
        return text
    }

    /// Whether the flag at `key` is set: `true` or a non-zero number.
    func flag(_ key: String) -> Bool {
        (self[key]?.number ?? 0) != 0
    }

    /// The elements, each with its path (`shapes[2]`), when the value is an
    /// array.
    var elements: [LottieNode]? {
        guard case .array(let items) = value.kind else { return nil }
        return items.enumerated().map { LottieNode($1, path: "\(path)[\($0)]") }
    }

    func array(_ key: String) throws(LottieFailure) -> [LottieNode] {
        guard let member = self[key] else { return [] }
        guard let elements = member.elements else {
            throw member.failure("must be an array, not \(member.value.kindDescription)")
        }
        return elements
    }

    /// The numbers of an array value (a single number reads as one).
    func numbers() throws(LottieFailure) -> [Double] {
        if let number { return [number] }
        guard let elements else { throw failure("must be a number or an array of numbers, not \(value.kindDescription)") }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in elements { numbers.append(try element.asNumber()) }
        return numbers
    }
}

/// A located refusal inside a document, before the file's name is known.
struct LottieFailure: Error {
    let path: String
    let location: SourceLocation
    let message: String

    func error(file: String) -> SourceError {
        SourceError(file: file, location: location, message: path.isEmpty ? message : "\(path): \(message)")
    }
}
