import Foundation
import TestSupport

/// Mutations of a JSON document for fuzzing a reader: at the byte level
/// (bits flipped, spans deleted, inserted or duplicated, the text cut
/// short) and at the value level on a parsed tree (a member deleted, a
/// value of another type put in its place, numbers made huge, negative,
/// zero or not numbers), which keeps the JSON well formed so that the runs
/// reach the reader behind the parser.
enum JSONMutator {
    // MARK: Bytes

    /// Bytes that steer mutations toward JSON structure as well as noise.
    static let interestingBytes = Array("{}[],:\"\\-+.0123456789eE \n\ttfn".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]

    static func mutateBytes(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where position < bytes.count:  // flip one bit
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1:  // delete a span
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
            case 2:  // insert a few bytes
                let inserted = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    Bool.random(using: &random) ? interestingBytes.randomElement(using: &random)!
                        : UInt8.random(in: 0...255, using: &random)
                }
                bytes.insert(contentsOf: inserted, at: position)
            default:  // duplicate a span somewhere else
                guard position < bytes.count else { continue }
                let span = bytes[position..<min(bytes.count, position + Int.random(in: 1...32, using: &random))]
                bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &random))
            }
        }
        return bytes
    }

    /// The document cut short at a random byte.
    static func truncate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        Array(input[..<Int.random(in: 0..<max(1, input.count), using: &random)])
    }

    // MARK: Values

    /// A JSON value with its scalars kept as written (numbers, literals and
    /// strings with their quotes and escapes), so a tree writes back as it
    /// was read except where mutated.
    indirect enum Value {
        case scalar(String)
        case array([Value])
        case object([(key: String, value: Value)])

        var text: String {
            switch self {
            case .scalar(let token): token
            case .array(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
            case .object(let members): "{" + members.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
            }
        }

        var isNumber: Bool {
            guard case .scalar(let token) = self, let first = token.first else { return false }
            return first == "-" || first.isNumber
        }

        /// How many values the tree holds, itself included.
        var count: Int {
            switch self {
            case .scalar: 1
            case .array(let items): 1 + items.reduce(0) { $0 + $1.count }
            case .object(let members): 1 + members.reduce(0) { $0 + $1.value.count }
            }
        }

        /// The tree with its `index`th value (depth first, itself 0) replaced
        /// by `change` of it.
        func replacing(_ index: Int, with change: (Value) -> Value) -> Value {
            var remaining = index
            return replacing(&remaining, change)
        }

        private func replacing(_ remaining: inout Int, _ change: (Value) -> Value) -> Value {
            if remaining == 0 {
                remaining = -1
                return change(self)
            }
            remaining -= 1
            switch self {
            case .scalar:
                return self
            case .array(var items):
                for k in items.indices where remaining >= 0 { items[k] = items[k].replacing(&remaining, change) }
                return .array(items)
            case .object(var members):
                for k in members.indices where remaining >= 0 {
                    members[k].value = members[k].value.replacing(&remaining, change)
                }
                return .object(members)
            }
        }
    }

    /// Parses a well-formed JSON text (the fixtures) into a tree.
    static func parse(_ bytes: [UInt8]) -> Value? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        func token() -> String {
            let start = index
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else {
                while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            }
            return String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        }
        func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "["):
                index += 1
                var items: [Value] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: Value)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    let key = token()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value() else { return nil }
                    members.append((key, member))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                }
            default:
                return .scalar(token())
            }
        }
        return value()
    }

    /// Numbers at and beyond the edges: huge, negative, zero, subnormal,
    /// past Int's range, and text or literals where a number was.
    static let extremeNumbers = [
        "1e308", "-1e308", "1e300", "-1e300", "1.7976931348623157e308", "4.9e-324", "1e-300", "0", "-0", "-1", "-100",
        "0.5", "-0.5", "1e6", "-1e6", "1e9", "2147483648", "4294967296", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "1e19", "-1e19", "18446744073709551616", "100000", "3.5", "\"NaN\"", "\"Infinity\"",
        "\"-Infinity\"", "\"1e999\"", "null", "true", "false",
    ]

    /// A value of another type in `value`'s place.
    static func swapType(_ value: Value, using random: inout SplitMix64) -> Value {
        let choices: [Value]
        switch value {
        case .scalar:
            choices = [.array([]), .array([value]), .object([]), .scalar("\"x\""), .scalar("null"), .scalar("true"),
                       .scalar("0"), .array([value, value, value])]
        case .array(let items):
            choices = [.object([]), .scalar("1"), .scalar("\"[]\""), .array([]), .array(Array(items.dropLast())),
                       .array(Array(items.dropFirst())), .array(items + items), items.first ?? .scalar("null"),
                       .object([("\"k\"", value)])]
        case .object(let members):
            choices = [.array([]), .array([value]), .scalar("0"), .scalar("\"{}\""), .object([]), .scalar("null"),
                       .object(members.shuffled(using: &random)), members.first?.value ?? .scalar("null")]
        }
        return choices.randomElement(using: &random)!
    }

    /// 1 to 3 value-level mutations of a tree.
    static func mutateValues(_ tree: Value, using random: inout SplitMix64) -> Value {
        var tree = tree
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Int.random(in: 0..<tree.count, using: &random)
            let kind = Int.random(in: 0..<3, using: &random)
            tree = tree.replacing(index) { value in
                switch kind {
                case 0:  // delete a member (or an element)
                    switch value {
                    case .object(var members) where !members.isEmpty:
                        members.remove(at: Int.random(in: 0..<members.count, using: &random))
                        return .object(members)
                    case .array(var items) where !items.isEmpty:
                        items.remove(at: Int.random(in: 0..<items.count, using: &random))
                        return .array(items)
                    default:
                        return swapType(value, using: &random)
                    }
                case 1:  // another type
                    return swapType(value, using: &random)
                default:  // an extreme number where a number was (or a number in an array)
                    let number = Value.scalar(extremeNumbers.randomElement(using: &random)!)
                    if value.isNumber { return number }
                    if case .array(var items) = value, !items.isEmpty {
                        items[Int.random(in: 0..<items.count, using: &random)] = number
                        return .array(items)
                    }
                    return value
                }
            }
        }
        return tree
    }
}
