extension StringProtocol {
    /// The text as a JSON string literal (RFC 8259 §7): quotes and
    /// backslashes escaped, control characters and DEL as `\uXXXX` or
    /// their short escapes, everything else as it is; past `limit`
    /// characters, `…` and the closing quote.
    package func jsonQuoted(limit: Int = .max) -> String {
        var result = "\""
        for (index, scalar) in unicodeScalars.enumerated() {
            if index == limit {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + scalar.value.hexDigits(4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The text in double quotes for an error message: escaped as in JSON
    /// and elided past 60 characters, so that a message about a hostile
    /// value still fits on one readable line.
    package var quotedForMessage: String { jsonQuoted(limit: 60) }
}

extension BinaryInteger {
    /// Upper-case hexadecimal digits, zero-padded to `width`: `U+00E9`, `0xFF`.
    func hexDigits(_ width: Int) -> String {
        let digits = String(self, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Array where Element == String {
    /// `a`, `a and b`, `a, b and c`.
    var joinedAsList: String {
        joined(conjunction: "and")
    }

    /// `"a", "b" or "c"`, for choices.
    var joinedAsAlternatives: String {
        joined(conjunction: "or")
    }

    private func joined(conjunction: String) -> String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
