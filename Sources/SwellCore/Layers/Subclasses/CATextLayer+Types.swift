/// How a text layer shortens a line that does not fit
/// (`CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not shortened: the text is clipped at the bounds.
    public static let none = Self(rawValue: "none")
    /// An ellipsis replaces the start of the line.
    public static let start = Self(rawValue: "start")
    /// An ellipsis replaces the end of the line.
    public static let end = Self(rawValue: "end")
    /// An ellipsis replaces the middle of the line.
    public static let middle = Self(rawValue: "middle")

    public static let allCases: [Self] = [.none, .start, .end, .middle]
}

/// How a text layer aligns its lines in the bounds
/// (`CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The script's natural alignment: left for left-to-right text.
    public static let natural = Self(rawValue: "natural")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center")
    /// Lines but the last are stretched to both edges.
    public static let justified = Self(rawValue: "justified")

    public static let allCases: [Self] = [.natural, .left, .right, .center, .justified]
}
