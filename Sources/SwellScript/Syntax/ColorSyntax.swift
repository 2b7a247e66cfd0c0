import Foundation

/// A `CGColor` written in a scene script (docs/scripts.md#values): the hex
/// forms of CSS, `"#rrggbb"` and `"#rrggbbaa"` (sRGB, each pair 0…255), or —
/// decoded from JSON by the script reader — `[r, g, b, a]` with each
/// component in 0…1, as `CGColor(red:green:blue:alpha:)` takes them.
public enum ColorSyntax {
    /// Parses the hex form.
    public static func color(parsing text: String) throws(ValueSyntaxError) -> CGColor {
        let digits = Array(text.unicodeScalars.dropFirst())
        guard text.first == "#", digits.count == 6 || digits.count == 8,
              let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
              digits.allSatisfy(\.properties.isASCIIHexDigit)
        else {
            throw ValueSyntaxError(subject: "colour", value: text,
                                   reason: "expected \"#rrggbb\" or \"#rrggbbaa\" in hexadecimal, or [r, g, b, a] in 0…1")
        }
        let rgba = digits.count == 8 ? value : value << 8 | 0xFF
        let component = { (shift: UInt32) in CGFloat((rgba >> shift) & 0xFF) / 255 }
        return CGColor(srgbRed: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    /// The array form's components, each finite and in 0…1.
    public static func color(components: [Double]) throws(ValueSyntaxError) -> CGColor {
        guard components.count == 4, components.allSatisfy({ (0...1).contains($0) }) else {
            throw ValueSyntaxError(subject: "colour", value: "[" + components.map { "\($0)" }.joined(separator: ", ") + "]",
                                   reason: "expected four components r, g, b, a, each in 0…1")
        }
        return CGColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }
}
