/// How the ends of stroked lines are drawn (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops at the end point.
    case butt = 0
    /// A half circle of the line width's diameter past the end point.
    case round = 1
    /// A half square past the end point.
    case square = 2
}

/// How the joints of stroked paths are drawn (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner, bevelled past the miter limit.
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A squared-off corner.
    case bevel = 2
}
