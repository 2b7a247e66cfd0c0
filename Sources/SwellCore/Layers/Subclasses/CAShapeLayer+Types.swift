/// The rule that decides which points a shape layer's path fills
/// (`CAShapeLayerFillRule`; raw values are QuartzCore's `kCAFillRule…`).
public struct CAShapeLayerFillRule: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Inside where the path winds around the point a non-zero number of
    /// times (Core Graphics' `.winding`).
    public static let nonZero = Self(rawValue: "non-zero")
    /// Inside where a ray from the point crosses the path an odd number of times.
    public static let evenOdd = Self(rawValue: "even-odd")

    public static let allCases: [Self] = [.nonZero, .evenOdd]
    public static let swiftNames: [String: Self] = ["nonZero": .nonZero, "evenOdd": .evenOdd]
}

/// The shape at the ends of a shape layer's open subpaths
/// (`CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The stroke ends at the end point.
    public static let butt = Self(rawValue: "butt")
    /// A half circle of the line width's diameter past the end point.
    public static let round = Self(rawValue: "round")
    /// A half square past the end point.
    public static let square = Self(rawValue: "square")

    public static let allCases: [Self] = [.butt, .round, .square]
}

/// The shape of the corners where a shape layer's path segments meet
/// (`CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A sharp corner, bevelled when longer than `miterLimit` × line width.
    public static let miter = Self(rawValue: "miter")
    /// A rounded corner.
    public static let round = Self(rawValue: "round")
    /// A cut-off corner.
    public static let bevel = Self(rawValue: "bevel")

    public static let allCases: [Self] = [.miter, .round, .bevel]
}
