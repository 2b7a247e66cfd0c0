/// The two pieces of SVG syntax a chart needs written carefully: numbers and
/// text.
enum SVGSyntax {
    /// `value` rounded to 1/100 pixel with no needless digits: `12`, `12.5`,
    /// `12.25`, `-3.1`, never `-0` or `12.50`.
    ///
    /// A hundredth of a pixel is far below what any display or rasteriser
    /// resolves, and rounding through an integer makes the text identical on
    /// every platform.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = hundredths.magnitude / 100
        let fraction = hundredths.magnitude % 100
        switch fraction {
        case 0: return sign + String(whole)
        case let f where f % 10 == 0: return sign + "\(whole).\(f / 10)"
        case let f where f < 10: return sign + "\(whole).0\(f)"
        case let f: return sign + "\(whole).\(f)"
        }
    }

    /// `text` safe inside element content and quoted attribute values.
    ///
    /// Escapes the five characters XML reserves and replaces the characters
    /// XML 1.0 forbids altogether (§2.2 "Characters": C0 controls other than
    /// tab, line feed and carriage return; U+FFFE and U+FFFF) with U+FFFD, so
    /// that a series named from user input still yields a well-formed file.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
