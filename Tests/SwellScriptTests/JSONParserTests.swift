import Foundation
import Testing
@testable import SwellScript

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(SourceError) -> JSONValue {
        try JSONParser().parse(text, file: "doc.json")
    }

    private func error(_ bytes: [UInt8]) -> SourceError? {
        do {
            _ = try JSONParser().parse(bytes, file: "doc.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindWithPositions() throws {
        let value = try parse("{\n  \"b\": [true, false, null],\n  \"a\": {\"x\": -1.5e2, \"y\": \"s\"}\n}")
        guard case .object(let members) = value.kind else {
            Issue.record("expected an object")
            return
        }
        #expect(value.location == SourceLocation(line: 1, column: 1))
        #expect(members.map(\.key) == ["b", "a"], "keys keep file order")
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 8))
        guard case .array(let elements) = members[0].value.kind else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.kind) == [.bool(true), .bool(false), .null])
        #expect(elements.map(\.location.column) == [9, 15, 22])
        #expect(value["a"]?["x"]?.kind == .number(-150, literal: "-1.5e2"))
        #expect(value["a"]?["x"]?.location == SourceLocation(line: 3, column: 14))
        #expect(value["a"]?["y"]?.kind == .string("s"))
        #expect(value["a"]?["y"]?.location == SourceLocation(line: 3, column: 27))
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let value = try parse("[0.10, 1E+2, -0, 1e-400, 123456789012345678901234567890]")
        guard case .array(let elements) = value.kind else {
            Issue.record("expected an array")
            return
        }
        let expected: [(Double, String)] = [
            (0.1, "0.10"), (100, "1E+2"), (-0.0, "-0"), (0, "1e-400"), (1.2345678901234568e29, "123456789012345678901234567890"),
        ]
        for (element, (number, literal)) in zip(elements, expected) {
            guard case .number(let value, let text) = element.kind else {
                Issue.record("expected a number")
                continue
            }
            #expect(value == number)
            #expect(text == literal)
        }
        if case .number(let negativeZero, _) = elements[2].kind { #expect(negativeZero.sign == .minus) }
    }

    @Test func columnsCountUnicodeScalars() throws {
        // é is 2 UTF-8 bytes and 🎵 is 4, but each is one column.
        let value = try parse("{\"é🎵\": 1, \"b\": 2}")
        guard case .object(let members) = value.kind else {
            Issue.record("expected an object")
            return
        }
        #expect(members[0].key == "é🎵")
        #expect(members[1].keyLocation == SourceLocation(line: 1, column: 11))
        #expect(members[1].value.location == SourceLocation(line: 1, column: 16))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t\u00e9\uD834\uDD1E\u0000"]"#)
        #expect(value.kind == .array([JSONValue(.string("\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{1D11E}\u{0}"), at: SourceLocation(line: 1, column: 2))]))
    }

    @Test func skipsAByteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let value = try JSONParser().parse(bom + Array("{\"a\": 1}".utf8), file: "doc.json")
        #expect(value["a"]?.location == SourceLocation(line: 1, column: 7))
        let failure = error(bom + Array("[1,]".utf8))
        #expect(failure?.location == SourceLocation(line: 1, column: 3))
    }

    @Test func crLfAndLoneCrAreOneLineBreak() {
        #expect(error(Array("{\r\n  \"a\": 1,\r\n}".utf8))?.location == SourceLocation(line: 2, column: 9))
        #expect(error(Array("[\r1,\r]".utf8))?.location == SourceLocation(line: 2, column: 2))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.defaultMaximumDepth
        _ = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    @Test func rejectsDeepNestingWithoutOverflowingTheStack() {
        let failure = error(Array(repeating: UInt8(ascii: "["), count: 100_000))
        #expect(failure?.location == SourceLocation(line: 1, column: JSONParser.defaultMaximumDepth + 1))
        #expect(failure?.message == "arrays and objects are nested deeper than 128 levels")
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let input: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ input: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(bytes: Array(input.utf8), line, column, message)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.input = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { message }
    }

    static let rejections: [Rejection] = [
        Rejection("{\"a\": 1,}", 1, 8, "trailing comma before '}' is not allowed in JSON"),
        Rejection("[1, 2,]", 1, 6, "trailing comma before ']' is not allowed in JSON"),
        Rejection("{\"a\": 1 // note\n}", 1, 9, "comments are not allowed in JSON"),
        Rejection("/* c */ {}", 1, 1, "comments are not allowed in JSON"),
        Rejection("{\"volume\": 1,\n \"volume\": 2}", 2, 2, "duplicate key \"volume\" (first at line 1, column 2)"),
        Rejection("[NaN]", 1, 2, "NaN is not valid JSON; numbers must be finite"),
        Rejection("[Infinity]", 1, 2, "Infinity is not valid JSON; numbers must be finite"),
        Rejection("[-Infinity]", 1, 2, "-Infinity is not valid JSON; numbers must be finite"),
        Rejection("[1e400]", 1, 2, "number \"1e400\" is too large for a 64-bit float"),
        Rejection("[-1e400]", 1, 2, "number \"-1e400\" is too large for a 64-bit float"),
        Rejection("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
        Rejection("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after object member, found '\"'"),
        Rejection("{\"a\": 1", 1, 8, "unexpected end of input; expected ',' or '}' after object member"),
        Rejection("[1 2]", 1, 4, "expected ',' or ']' after array element, found '2'"),
        Rejection("{\"a\": [1, 2}", 1, 12, "expected ',' or ']' after array element, found '}'"),
        Rejection("{'a': 1}", 1, 2, "strings must be in double quotes, not single quotes"),
        Rejection("{a: 1}", 1, 2, "object keys must be strings in double quotes"),
        Rejection("{1: 1}", 1, 2, "expected a string key in double quotes, found '1'"),
        Rejection("[01]", 1, 2, "numbers cannot have leading zeros"),
        Rejection("[1.]", 1, 4, "expected a digit after the decimal point"),
        Rejection("[.5]", 1, 2, "expected a value, found '.'"),
        Rejection("[1e]", 1, 4, "expected a digit in the exponent"),
        Rejection("[-]", 1, 3, "expected a digit after '-'"),
        Rejection("[-x]", 1, 3, "expected a digit after '-'"),
        Rejection("[-nan]", 1, 2, "-nan is not valid JSON; numbers must be finite"),
        Rejection("[+1]", 1, 2, "expected a value, found '+'"),
        Rejection("[0x10]", 1, 3, "expected ',' or ']' after array element, found 'x'"),
        Rejection("[tru]", 1, 2, "unquoted word \"tru\"; strings must be in double quotes"),
        Rejection("[True]", 1, 2, "True is not valid JSON; did you mean true?"),
        Rejection(#"["a\qb"]"#, 1, 4, #"invalid escape sequence; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#),
        Rejection(#"["\uD800"]"#, 1, 3, #"unpaired UTF-16 surrogate \uD800 is not a character"#),
        Rejection(#"["\uD800\u0041"]"#, 1, 3, #"unpaired UTF-16 surrogate \uD800 is not a character"#),
        Rejection(#"["\uDC00\uD800"]"#, 1, 3, #"unpaired UTF-16 surrogate \uDC00 is not a character"#),
        Rejection(#"["\u12G4"]"#, 1, 3, #"expected four hexadecimal digits after \u"#),
        Rejection("\"abc", 1, 1, "unterminated string"),
        Rejection("[\"a\nb\"]", 1, 4, "line break inside a string; is a closing quote missing?"),
        Rejection("[\"a\tb\"]", 1, 4, "control character U+0009 must be escaped in a string"),
        Rejection("[\u{0}]", 1, 2, "expected a value, found control character U+0000"),
        Rejection("[é]", 1, 2, "expected a value, found 'é' (U+00E9)"),
        Rejection("", 1, 1, "the document is empty; expected a JSON value"),
        Rejection("  \n   ", 2, 4, "the document is empty; expected a JSON value"),
        Rejection("{} x", 1, 4, "expected the end of the document after the JSON value, found 'x'"),
        Rejection("\t{\"a\" 1}", 1, 7, "expected ':' after object key, found '1'"),
        Rejection("[\"é\" 1]", 1, 6, "expected ',' or ']' after array element, found '1'"),
        Rejection(bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xFF"),
        Rejection(bytes: [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xC0"),
        Rejection(bytes: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xED"),
        Rejection(bytes: [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xE2"),
        Rejection(bytes: [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xF4"),
        Rejection(bytes: [0x5B, 0x80, 0x5D], 1, 2, "invalid UTF-8 byte 0x80"),
    ]

    @Test(arguments: rejections)
    func rejects(_ rejection: Rejection) {
        let failure = error(rejection.input)
        #expect(failure?.location == SourceLocation(line: rejection.line, column: rejection.column))
        #expect(failure?.message == rejection.message)
        #expect(failure?.description == "doc.json:\(rejection.line):\(rejection.column): \(rejection.message)")
    }

    /// What a session writes back is JSON Foundation reads as the same
    /// string: quotes, backslashes, control characters and DEL escaped
    /// (RFC 8259 §7), everything else, é and 🎵 included, as it is.
    @Test func writtenStringsReadBackWithFoundation() throws {
        let original = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h\u{7F}é🎵"
        let start = SourceLocation(line: 1, column: 1)
        let text = JSONValue(.object([JSONMember(key: "k\"", keyLocation: start, value: JSONValue(original))]), at: start).jsonText
        #expect(text == #"{"k\"":"a\"b\\c\nd\re\tf\u0001g\u001Fh\u007Fé🎵"}"#)
        let read = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(read == ["k\"": original])
    }
}
