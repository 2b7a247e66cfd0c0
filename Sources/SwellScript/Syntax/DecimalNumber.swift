/// The decimal number at the start of a command-line value such as `2.5s`
/// or `-6 dB`: `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
///
/// Hexadecimal, `nan` and `inf`, which `Double(_:)` would also accept, are
/// deliberately not part of the grammar: a TIME or LEVEL is always a plain
/// finite decimal.
struct DecimalNumber {
    /// The value, which may be infinite when the literal overflows.
    var value: Double
    /// What follows the number (its unit, for example).
    var rest: Substring

    /// Splits `text` into a leading number and the rest, or returns nil when
    /// `text` does not start with a number.
    init?(prefixOf text: Substring) {
        var index = text.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                text.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, text[index] == "+" || text[index] == "-" { text.formIndex(after: &index) }
        var digits = skipDigits()
        if index < text.endIndex, text[index] == "." {
            text.formIndex(after: &index)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        // An exponent only when digits follow, so that "2e" leaves "e" as the unit.
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            let mantissaEnd = index
            text.formIndex(after: &index)
            if index < text.endIndex, text[index] == "+" || text[index] == "-" { text.formIndex(after: &index) }
            if skipDigits() == 0 { index = mantissaEnd }
        }
        guard let value = Double(text[..<index]) else { return nil }
        self.value = value
        self.rest = text[index...]
    }

    /// The whole of `text` as one number, or nil.
    init?(exactly text: Substring) {
        guard let number = DecimalNumber(prefixOf: text), number.rest.isEmpty else { return nil }
        self = number
    }

    /// True for a negative value, but not for `-0`.
    var isNegative: Bool { value < 0 }
}
