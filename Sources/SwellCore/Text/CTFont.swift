import Foundation

/// A font by name and size — the part of Core Text's `CTFont` that a
/// `CATextLayer` uses: its `font` takes one (or a name), and attributed
/// strings carry one per run under ``kCTFontAttributeName``.
///
/// Swell does not load fonts; the render module finds the face by name
/// (through Pango and fontconfig, which match PostScript and family names
/// such as "Helvetica-Bold" or "Helvetica").
public struct CTFont: Sendable, Hashable {
    /// The font's name, PostScript or family.
    public let name: String
    /// The point size.
    public let size: CGFloat

    public init(name: String, size: CGFloat) {
        self.name = name
        self.size = size
    }
}

/// Core Text's `CTFontCreateWithName(_:_:_:)`: a font by name and size. The
/// matrix is not supported and must be nil; a size of 0 means 12 points, as
/// in Core Text.
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: name, size: size == 0 ? 12 : size)
}

/// Core Text's `CTFontGetSize(_:)`.
public func CTFontGetSize(_ font: CTFont) -> CGFloat {
    font.size
}

/// The paragraph attributes of an attributed string's run, under
/// ``kCTParagraphStyleAttributeName``: Core Text's `CTParagraphStyle`
/// reduced to the one setting a text layer lays out with here, the extra
/// space between lines (`kCTParagraphStyleSpecifierLineSpacingAdjustment`;
/// UIKit's `NSParagraphStyle.lineSpacing`).
public struct CTParagraphStyle: Sendable, Hashable {
    /// Points added between one line's bottom and the next line's top.
    public var lineSpacing: CGFloat

    public init(lineSpacing: CGFloat = 0) {
        self.lineSpacing = lineSpacing
    }
}

/// Core Text's attribute keys, for the runs of an `NSAttributedString` set
/// as a `CATextLayer`'s `string`. The raw values are Core Text's, so
/// `kCTFontAttributeName` and `kCTKernAttributeName` are also AppKit's
/// `.font` and `.kern`.
///
/// A ``CTFont``.
public let kCTFontAttributeName = NSAttributedString.Key("NSFont")
/// A ``CGColor``.
public let kCTForegroundColorAttributeName = NSAttributedString.Key("CTForegroundColor")
/// A number: extra points after each character.
public let kCTKernAttributeName = NSAttributedString.Key("NSKern")
/// A ``CTParagraphStyle``.
public let kCTParagraphStyleAttributeName = NSAttributedString.Key("NSParagraphStyle")
/// A number: a ``CTUnderlineStyle``'s raw value (`@(kCTUnderlineStyleSingle)`).
public let kCTUnderlineStyleAttributeName = NSAttributedString.Key("NSUnderline")

/// Core Text's underline styles, with its raw values, under
/// ``kCTUnderlineStyleAttributeName``.
public struct CTUnderlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let single = CTUnderlineStyle(rawValue: 0x01)
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// Core Text's C spelling of the styles.
public let kCTUnderlineStyleNone: Int32 = 0x00
public let kCTUnderlineStyleSingle = CTUnderlineStyle.single.rawValue
public let kCTUnderlineStyleThick = CTUnderlineStyle.thick.rawValue
public let kCTUnderlineStyleDouble = CTUnderlineStyle.double.rawValue
