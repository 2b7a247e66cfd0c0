/// Strings, escapes and UTF-8 validation for ``JSONScanner``.
extension JSONScanner {
    /// Reads a string literal (RFC 8259 §7) starting at its opening quote.
    mutating func parseString() throws(Diagnostic) -> String {
        let start = location
        advance()
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                throw Diagnostic("unterminated string", at: start)
            }
            switch byte {
            case ASCII.quote:
                advance()
                // Every byte appended was validated, so decoding is lossless.
                return String(decoding: utf8, as: UTF8.self)
            case ASCII.backslash:
                try parseEscape(into: &utf8)
            case ASCII.lineFeed, ASCII.carriageReturn:
                throw Diagnostic("line break inside a string; is a closing quote missing?", at: location)
            case 0x00 ..< 0x20:
                throw Diagnostic("control character U+\(byte.hexDigits(4)) must be escaped in a string", at: location)
            case 0x20 ..< 0x80:
                utf8.append(byte)
                advance()
            default:
                guard let length = utf8SequenceLength(at: offset) else {
                    throw Diagnostic("invalid UTF-8 byte 0x\(byte.hexDigits(2))", at: location)
                }
                utf8.append(contentsOf: bytes[offset ..< offset + length])
                offset += length
                column += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(Diagnostic) {
        let start = location
        advance()
        let simple: UInt8?
        switch current {
        case ASCII.quote: simple = ASCII.quote
        case ASCII.backslash: simple = ASCII.backslash
        case ASCII.slash: simple = ASCII.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = ASCII.lineFeed
        case UInt8(ascii: "r"): simple = ASCII.carriageReturn
        case UInt8(ascii: "t"): simple = ASCII.tab
        case UInt8(ascii: "u"): simple = nil
        case nil: throw Diagnostic("unterminated string", at: start)
        default: throw Diagnostic("invalid escape sequence; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: start)
        }
        advance()
        if let simple {
            utf8.append(simple)
            return
        }
        let unit = try parseHexQuad(escapeStart: start)
        let scalarValue: UInt32
        switch unit {
        case 0xD800 ... 0xDBFF:
            // A high surrogate must be followed by an escaped low surrogate
            // (RFC 8259 §7: "\uD834\uDD1E" is U+1D11E).
            guard current == ASCII.backslash, offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
            else { throw unpairedSurrogate(unit, at: start) }
            let lowStart = location
            advance()
            advance()
            let low = try parseHexQuad(escapeStart: lowStart)
            guard (0xDC00 ... 0xDFFF).contains(low) else { throw unpairedSurrogate(unit, at: start) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00 ... 0xDFFF:
            throw unpairedSurrogate(unit, at: start)
        default:
            scalarValue = unit
        }
        // Surrogates were handled above, so every value left is a scalar.
        guard let scalar = Unicode.Scalar(scalarValue) else { throw unpairedSurrogate(unit, at: start) }
        UTF8.encode(scalar) { utf8.append($0) }
    }

    private mutating func parseHexQuad(escapeStart: SourceLocation) throws(Diagnostic) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard let byte = current, let digit = byte.hexDigitValue else {
                throw Diagnostic("expected four hexadecimal digits after \\u", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private func unpairedSurrogate(_ unit: UInt32, at location: SourceLocation) -> Diagnostic {
        Diagnostic("unpaired UTF-16 surrogate \\u\(unit.hexDigits(4)) is not a character", at: location)
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or nil. This
    /// is Table 3-7 of the Unicode Standard: no overlong forms, no encoded
    /// surrogates, nothing above U+10FFFF.
    func utf8SequenceLength(at index: Int) -> Int? {
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[index] {
        case 0xC2 ... 0xDF: (length, second) = (2, 0x80 ... 0xBF)
        case 0xE0: (length, second) = (3, 0xA0 ... 0xBF)
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: (length, second) = (3, 0x80 ... 0xBF)
        case 0xED: (length, second) = (3, 0x80 ... 0x9F)
        case 0xF0: (length, second) = (4, 0x90 ... 0xBF)
        case 0xF1 ... 0xF3: (length, second) = (4, 0x80 ... 0xBF)
        case 0xF4: (length, second) = (4, 0x80 ... 0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for continuation in bytes[index + 2 ..< index + length] where continuation & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The scalar encoded at `index`, if the bytes there are well-formed.
    func scalar(at index: Int) -> Unicode.Scalar? {
        guard let length = utf8SequenceLength(at: index) else { return nil }
        var decoder = UTF8()
        var iterator = bytes[index ..< index + length].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}

extension UInt8 {
    var hexDigitValue: UInt8? {
        switch self {
        case ASCII.zero ... ASCII.nine: self - ASCII.zero
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
