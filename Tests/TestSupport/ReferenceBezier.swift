/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2), evaluated by bisection: the independent reference
/// the timing-function tests compare Swell's solver, and what Swell
/// renders, against.
///
/// Apple documents each `CAMediaTimingFunction` as such a curve: the
/// output at input x is y(s) for the curve parameter s with x(s) = x.
/// Bisection on the Bernstein form of x(s) is slow but obviously right —
/// no Newton steps, no power basis, nothing shared with the code under
/// test — since x(s) does not decrease on 0…1 when x1 and x2 are in 0…1.
public struct ReferenceBezier: Sendable, CustomStringConvertible {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// The curve with control points `[x1, y1, x2, y2]`.
    public init(_ points: [Double]) {
        precondition(points.count == 4, "a cubic timing curve has four control coordinates, not \(points.count)")
        self.init(points[0], points[1], points[2], points[3])
    }

    /// The four control coordinates, `[x1, y1, x2, y2]`.
    public var controlPoints: [Double] { [x1, y1, x2, y2] }

    public var description: String { "bezier(\(x1), \(y1), \(x2), \(y2))" }

    /// Core Animation's named timing functions, in the order Apple lists
    /// them, with the control points Apple's documentation of
    /// `CAMediaTimingFunctionName` gives (CSS's `linear`, `ease-in`,
    /// `ease-out`, `ease-in-out` and `ease` are the same curves).
    public static let coreAnimation: [(name: String, curve: ReferenceBezier)] = [
        ("linear", linear), ("easeIn", easeIn), ("easeOut", easeOut),
        ("easeInEaseOut", easeInEaseOut), ("default", `default`),
    ]

    public static let linear = ReferenceBezier(0, 0, 1, 1)
    public static let easeIn = ReferenceBezier(0.42, 0, 1, 1)
    public static let easeOut = ReferenceBezier(0, 0, 0.58, 1)
    public static let easeInEaseOut = ReferenceBezier(0.42, 0, 0.58, 1)
    public static let `default` = ReferenceBezier(0.25, 0.1, 0.25, 1)

    /// The curve's value at input `x`.
    ///
    /// 200 halvings of the parameter interval find s to the last bit. The
    /// ends are the curve's end points by definition: bisection cannot
    /// find them where x(s) is flat (x1 = 0 or x2 = 1), since x(s) rounds
    /// to 0 or 1 within 10⁻⁸ of them, so x ≤ 0 gives 0 and x ≥ 1 gives 1.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bernstein(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return bernstein(y1, y2, (low + high) / 2)
    }
}
