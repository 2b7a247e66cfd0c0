/// A strict RFC 8259 JSON parser that keeps the line and column of every
/// value and key.
///
/// Scripts are written by hand, so the parser is strict where lenient
/// parsers silently guess — trailing commas, comments, single quotes,
/// duplicate keys (RFC 8259 §4 leaves their meaning to the implementation;
/// a script with the same key twice is a mistake), `NaN`/`Infinity` and
/// numbers that overflow a `Double` are all errors — and every error says
/// where and what it expected: `song.json:3:18: expected ',' or '}' after
/// object member, found '"'`.
///
/// Input is UTF-8 (RFC 8259 §8.1); a leading byte order mark is skipped, as
/// the RFC allows. Nesting is limited to ``maximumDepth`` so that hostile
/// input such as 100,000 `[` fails with an error instead of overflowing the
/// stack (serde_json uses the same default limit of 128).
public struct JSONParser: Sendable {
    public static let defaultMaximumDepth = 128

    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int

    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON document; `file` names the source in errors.
    public func parse(_ bytes: [UInt8], file: String) throws(SourceError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        do throws(Diagnostic) {
            return try scanner.parseDocument()
        } catch {
            throw SourceError(file: file, error)
        }
    }

    /// Parses one JSON document held in a string.
    public func parse(_ text: String, file: String) throws(SourceError) -> JSONValue {
        try parse(Array(text.utf8), file: file)
    }
}

/// The recursive-descent reader behind ``JSONParser``. It walks the UTF-8
/// bytes once, keeping the line and the column (in Unicode scalars) of the
/// current byte up to date as it goes.
struct JSONScanner {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0
    var line = 1
    var column = 1
    var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Steps over one ASCII byte.
    mutating func advance() {
        offset += 1
        column += 1
    }

    mutating func parseDocument() throws(Diagnostic) -> JSONValue {
        skipWhitespace()
        guard current != nil else {
            throw Diagnostic("the document is empty; expected a JSON value", at: location)
        }
        let value = try parseValue()
        skipWhitespace()
        guard current == nil else { throw unexpected("expected the end of the document after the JSON value") }
        return value
    }

    /// Skips the four whitespace characters of RFC 8259 §2; a CR LF pair is
    /// one line break, and so is a lone CR.
    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case ASCII.space, ASCII.tab:
                advance()
            case ASCII.lineFeed, ASCII.carriageReturn:
                offset += 1
                if byte == ASCII.carriageReturn, current == ASCII.lineFeed { offset += 1 }
                line += 1
                column = 1
            default:
                return
            }
        }
    }

    mutating func parseValue() throws(Diagnostic) -> JSONValue {
        let start = location
        switch current {
        case ASCII.leftBrace: return try parseObject()
        case ASCII.leftBracket: return try parseArray()
        case ASCII.quote: return JSONValue(.string(try parseString()), at: start)
        case ASCII.minus: return try parseNumber()
        case let byte? where byte.isASCIIDigit: return try parseNumber()
        case let byte? where byte.isASCIILetter: return try parseLiteral()
        default: throw unexpected("expected a value")
        }
    }

    // MARK: - Containers

    private mutating func enterContainer() throws(Diagnostic) {
        depth += 1
        guard depth <= maximumDepth else {
            throw Diagnostic("arrays and objects are nested deeper than \(maximumDepth) levels", at: location)
        }
        advance()
    }

    private mutating func parseObject() throws(Diagnostic) -> JSONValue {
        let start = location
        try enterContainer()
        var members: [JSONMember] = []
        var firstLocations: [String: SourceLocation] = [:]
        skipWhitespace()
        if current == ASCII.rightBrace {
            advance()
            depth -= 1
            return JSONValue(.object(members), at: start)
        }
        while true {
            guard current == ASCII.quote else {
                if let byte = current, byte.isASCIILetter {
                    throw Diagnostic("object keys must be strings in double quotes", at: location)
                }
                throw unexpected("expected a string key in double quotes")
            }
            let keyLocation = location
            let key = try parseString()
            if let first = firstLocations[key] {
                throw Diagnostic(
                    "duplicate key \(key.quotedForMessage) (first at line \(first.line), column \(first.column))",
                    at: keyLocation)
            }
            firstLocations[key] = keyLocation
            skipWhitespace()
            guard current == ASCII.colon else { throw unexpected("expected ':' after object key") }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            if try closesContainer(with: ASCII.rightBrace, "}", after: "object member") {
                return JSONValue(.object(members), at: start)
            }
        }
    }

    private mutating func parseArray() throws(Diagnostic) -> JSONValue {
        let start = location
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == ASCII.rightBracket {
            advance()
            depth -= 1
            return JSONValue(.array(elements), at: start)
        }
        while true {
            elements.append(try parseValue())
            if try closesContainer(with: ASCII.rightBracket, "]", after: "array element") {
                return JSONValue(.array(elements), at: start)
            }
        }
    }

    /// After an object member or array element: consumes the `,` that
    /// separates it from the next (refusing one right before the closing
    /// bracket, which JSON does not allow) or the closing bracket. Returns
    /// true when the container has ended.
    private mutating func closesContainer(with bracket: UInt8, _ spelling: String,
                                          after item: String) throws(Diagnostic) -> Bool {
        skipWhitespace()
        switch current {
        case ASCII.comma:
            let comma = location
            advance()
            skipWhitespace()
            if current == bracket {
                throw Diagnostic("trailing comma before '\(spelling)' is not allowed in JSON", at: comma)
            }
            return false
        case bracket:
            advance()
            depth -= 1
            return true
        default:
            throw unexpected("expected ',' or '\(spelling)' after \(item)")
        }
    }

    // MARK: - Scalars

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6).
    private mutating func parseNumber() throws(Diagnostic) -> JSONValue {
        let start = location
        let first = offset
        if current == ASCII.minus {
            advance()
            if let byte = current, byte.isASCIILetter {
                let word = scanWord()
                if Self.nonFiniteWords.contains(word) {
                    throw Diagnostic("-\(word) is not valid JSON; numbers must be finite", at: start)
                }
                throw Diagnostic("expected a digit after '-'", at: SourceLocation(line: start.line, column: start.column + 1))
            }
        }
        switch current {
        case ASCII.zero:
            advance()
            if let byte = current, byte.isASCIIDigit {
                throw Diagnostic("numbers cannot have leading zeros", at: start)
            }
        case let byte? where byte.isASCIIDigit:
            skipDigits()
        default:
            throw Diagnostic("expected a digit after '-'", at: location)
        }
        if current == ASCII.period {
            advance()
            guard let byte = current, byte.isASCIIDigit else {
                throw Diagnostic("expected a digit after the decimal point", at: location)
            }
            skipDigits()
        }
        if current == ASCII.lowerE || current == ASCII.upperE {
            advance()
            if current == ASCII.plus || current == ASCII.minus { advance() }
            guard let byte = current, byte.isASCIIDigit else {
                throw Diagnostic("expected a digit in the exponent", at: location)
            }
            skipDigits()
        }
        let literal = String(decoding: bytes[first..<offset], as: UTF8.self)
        // The grammar above is a subset of what `Double(_:)` accepts; it
        // rounds correctly and yields ±infinity on overflow.
        guard let value = Double(literal), value.isFinite else {
            throw Diagnostic("number \(literal.quotedForMessage) is too large for a 64-bit float", at: start)
        }
        return JSONValue(.number(value, literal: literal), at: start)
    }

    private mutating func skipDigits() {
        while let byte = current, byte.isASCIIDigit { advance() }
    }

    private mutating func scanWord() -> String {
        let first = offset
        while let byte = current, byte.isASCIILetter || byte.isASCIIDigit || byte == ASCII.underscore { advance() }
        return String(decoding: bytes[first..<offset], as: UTF8.self)
    }

    /// How other languages spell the values JSON cannot represent.
    private static let nonFiniteWords: Set = ["NaN", "nan", "Infinity", "infinity", "inf"]

    private mutating func parseLiteral() throws(Diagnostic) -> JSONValue {
        let start = location
        let word = scanWord()
        switch word {
        case "true": return JSONValue(.bool(true), at: start)
        case "false": return JSONValue(.bool(false), at: start)
        case "null": return JSONValue(.null, at: start)
        case _ where Self.nonFiniteWords.contains(word):
            throw Diagnostic("\(word) is not valid JSON; numbers must be finite", at: start)
        case _ where ["true", "false", "null"].contains(word.lowercased()):
            throw Diagnostic("\(word) is not valid JSON; did you mean \(word.lowercased())?", at: start)
        default:
            throw Diagnostic(
                "unquoted word \(word.quotedForMessage); strings must be in double quotes", at: start)
        }
    }

    // MARK: - Errors

    /// An error for the character at the current position, which is not
    /// what `expectation` describes.
    func unexpected(_ expectation: String) -> Diagnostic {
        guard let byte = current else {
            return Diagnostic("unexpected end of input; \(expectation)", at: location)
        }
        switch byte {
        case ASCII.slash:
            return Diagnostic("comments are not allowed in JSON", at: location)
        case ASCII.apostrophe:
            return Diagnostic("strings must be in double quotes, not single quotes", at: location)
        case 0x21 ... 0x7E:
            return Diagnostic("\(expectation), found '\(Character(Unicode.Scalar(byte)))'", at: location)
        case 0x00 ..< 0x80:
            return Diagnostic("\(expectation), found control character U+\(byte.hexDigits(4))", at: location)
        default:
            guard let scalar = scalar(at: offset) else {
                return Diagnostic("invalid UTF-8 byte 0x\(byte.hexDigits(2))", at: location)
            }
            return Diagnostic(
                "\(expectation), found '\(Character(scalar))' (U+\(scalar.value.hexDigits(4)))", at: location)
        }
    }
}

/// The ASCII bytes the JSON grammar is written in.
enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let period = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let upperE = UInt8(ascii: "E")
    static let leftBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let rightBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let lowerE = UInt8(ascii: "e")
    static let leftBrace = UInt8(ascii: "{")
    static let rightBrace = UInt8(ascii: "}")
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= ASCII.zero && self <= ASCII.nine }
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}
