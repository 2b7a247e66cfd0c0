import Foundation

extension CATextLayer {
    /// A text layer's text as render hosts receive it (its
    /// ``CALayer/renderState``): `Sendable`, unlike the `String` or
    /// `NSAttributedString` its `string` holds.
    public struct Text: Sendable, Equatable {
        /// The text: plain, drawn in the layer's `font` at its presented
        /// `fontSize` and `foregroundColor`; or attributed, each run with
        /// its own font, colour and spacing (the layer's `font`,
        /// `fontSize` and `foregroundColor` are then unused, as Apple
        /// documents). Nil when `string` is nil or neither kind.
        public let content: Content?
        /// The name of the layer's `font`, "Helvetica" by default.
        public let fontName: String
    }

    public enum Content: Sendable, Equatable {
        case plain(String)
        case attributed([Run])
    }

    /// A stretch of an attributed string with the same attributes. Missing
    /// attributes take Core Text's defaults: Helvetica 12 pt, opaque black,
    /// no kerning, line spacing or underline.
    public struct Run: Sendable, Equatable {
        public let text: String
        /// From ``kCTFontAttributeName``.
        public let font: CTFont
        /// From ``kCTForegroundColorAttributeName``.
        public let color: CGColor
        /// Extra points after each character, from ``kCTKernAttributeName``.
        public let kern: CGFloat
        /// Extra points between lines, from
        /// ``kCTParagraphStyleAttributeName``'s ``CTParagraphStyle``.
        public let lineSpacing: CGFloat
        /// From ``kCTUnderlineStyleAttributeName``; empty for none.
        public let underline: CTUnderlineStyle
    }

    /// The content of a `string` value: a `String` (or `NSString`) is
    /// plain, an `NSAttributedString` is split into its runs.
    static func content(of string: Any?) -> Content? {
        switch string {
        case let attributed as NSAttributedString: .attributed(runs(of: attributed))
        case let plain as String: .plain(plain)
        default: nil
        }
    }

    /// The name of a `font` value: a `String` names the font, a ``CTFont``
    /// gives its name (its size is unused, as Apple documents); anything
    /// else, or nil, is Helvetica.
    static func fontName(of font: Any?) -> String {
        switch font {
        case let name as String: name
        case let font as CTFont: font.name
        default: "Helvetica"
        }
    }

    private static func runs(of string: NSAttributedString) -> [Run] {
        var runs: [Run] = []
        let text = string.string as NSString
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
            runs.append(Run(
                text: text.substring(with: range),
                font: attributes[kCTFontAttributeName] as? CTFont ?? CTFont(name: "Helvetica", size: 12),
                color: attributes[kCTForegroundColorAttributeName] as? CGColor ?? .black,
                kern: attributes[kCTKernAttributeName].flatMap(ValueCoercion.number).map { CGFloat($0) } ?? 0,
                lineSpacing: (attributes[kCTParagraphStyleAttributeName] as? CTParagraphStyle)?.lineSpacing ?? 0,
                underline: CTUnderlineStyle(rawValue: attributes[kCTUnderlineStyleAttributeName]
                    .flatMap(ValueCoercion.number).map { Int32($0) } ?? 0)))
        }
        return runs
    }
}
