import Foundation

/// A cubic Bézier curve from (0, 0) to (1, 1) through two control points,
/// read as a function y = F(x): the curve of
/// `CAMediaTimingFunction(controlPoints:)` and of CSS `cubic-bezier()`.
///
/// The curve is parametric, (x(t), y(t)) for t in 0…1, so evaluating F(x)
/// means solving x(t) = x. Everything that does not depend on x is computed
/// once at initialisation — both coordinates as power-basis polynomials, and
/// a table of the solution t and its slope dt/dx at 65 evenly spaced x — so
/// that an evaluation is a table look-up, a cubic Hermite guess, and usually
/// one Newton step of a few multiply-adds, and never allocates.
struct CubicBezierCurve: Hashable, Sendable {
    /// The first control point.
    let c1: (x: Double, y: Double)
    /// The second control point.
    let c2: (x: Double, y: Double)

    private let x: BezierPolynomial
    private let y: BezierPolynomial

    /// `inverse[i]` is the t with x(t) = i / `segments`, and the slope of
    /// t(x) there in units of one segment: dt/dx / `segments`.
    private let inverse: [(t: Double, slope: Double)]
    private static let segments = 64
    /// Whether each control point lies on the diagonal — `linear`'s
    /// (0, 0), (1, 1) among them — where x(t) = y(t), so F(x) = x exactly,
    /// with no solving: the audio thread evaluates a linear fade at every
    /// frame.
    private let isIdentity: Bool

    /// Creates the curve, making the control points usable: x coordinates
    /// are clamped to 0…1, as Core Animation does, so that x(t) is monotonic
    /// and the curve is a function of x; y coordinates may leave 0…1
    /// (overshoot) but are limited to ±``coordinateLimit`` so that every
    /// intermediate result stays finite; a non-finite coordinate is replaced
    /// by the linear curve's (c1 = (0, 0), c2 = (1, 1)), so that no input can
    /// make the curve produce a non-finite value.
    init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        c1 = (Self.sanitizedX(c1x, else: 0), Self.sanitizedY(c1y, else: 0))
        c2 = (Self.sanitizedX(c2x, else: 1), Self.sanitizedY(c2y, else: 1))
        let x = BezierPolynomial(c1.x, c2.x)
        var ts = [0.0]
        for i in 1..<Self.segments {
            let target = Double(i) / Double(Self.segments)
            ts.append(x.solve(target, in: ts[i - 1], 1, from: target))
        }
        ts.append(1)
        // Where x(t) is flat, t(x) is vertical: an infinite slope, which
        // makes the guess in that segment linear.
        inverse = ts.map { ($0, 1 / (x.slope(at: $0) * Double(Self.segments))) }
        self.x = x
        self.y = BezierPolynomial(c1.y, c2.y)
        isIdentity = c1.x == c1.y && c2.x == c2.y
    }

    /// The largest magnitude of a y coordinate. The power-basis
    /// coefficients and their partial sums are bounded by 32 times the
    /// largest coordinate, so this keeps them finite.
    static let coordinateLimit = Double.greatestFiniteMagnitude / 32

    /// The point reflection of the curve through (0.5, 0.5):
    /// G(x) = 1 − F(1 − x), control points (1 − x2, 1 − y2), (1 − x1, 1 − y1).
    var mirrored: CubicBezierCurve {
        CubicBezierCurve(1 - c2.x, 1 - c2.y, 1 - c1.x, 1 - c1.y)
    }

    /// F(x) for `x` in 0…1: the curve's y where its x is `x`.
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isIdentity { return x }
        let position = x * Double(Self.segments)
        let i = min(Int(position), Self.segments - 1)
        let (lo, hi) = (inverse[i], inverse[i + 1])
        let s = position - Double(i)
        var guess = lo.t + s * (hi.t - lo.t)
        if lo.slope.isFinite && hi.slope.isFinite {
            // The cubic Hermite interpolant of t(x) on the segment: an error
            // of order (1/64)⁴, so that one Newton step usually meets the
            // solver's tolerance (two where the curve bends sharply).
            let s2 = s * s, s3 = s2 * s
            let hermite = (2 * s3 - 3 * s2 + 1) * lo.t + (s3 - 2 * s2 + s) * lo.slope
                + (3 * s2 - 2 * s3) * hi.t + (s3 - s2) * hi.slope
            guess = min(max(hermite, lo.t), hi.t)
        }
        return y.value(at: self.x.solve(x, in: lo.t, hi.t, from: guess))
    }

    private static func sanitizedX(_ x: Double, else fallback: Double) -> Double {
        x.isFinite ? min(max(x, 0), 1) : fallback
    }

    private static func sanitizedY(_ y: Double, else fallback: Double) -> Double {
        y.isFinite ? min(max(y, -coordinateLimit), coordinateLimit) : fallback
    }

    static func == (lhs: CubicBezierCurve, rhs: CubicBezierCurve) -> Bool {
        lhs.c1 == rhs.c1 && lhs.c2 == rhs.c2
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(c1.x)
        hasher.combine(c1.y)
        hasher.combine(c2.x)
        hasher.combine(c2.y)
    }
}

/// One coordinate of a Bézier curve with end coordinates 0 and 1 and control
/// coordinates p1, p2 — 3p1(1−t)²t + 3p2(1−t)t² + t³ — in power basis,
/// ((a·t + b)·t + c)·t, which costs three multiply-adds to evaluate.
private struct BezierPolynomial: Sendable {
    let a, b, c: Double

    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
    }

    func value(at t: Double) -> Double {
        ((a * t + b) * t + c) * t
    }

    func slope(at t: Double) -> Double {
        (3 * a * t + 2 * b) * t + c
    }

    /// Solves value(t) = v for t in [lo, hi], an interval known to hold the
    /// solution of this non-decreasing polynomial, starting from `guess`.
    ///
    /// Newton's method, safeguarded by the interval: every step narrows it
    /// from one side, and a step that leaves it — where the slope is zero or
    /// tiny, as at t = 0 when p1 = 0 — is replaced by bisection, so the
    /// solver cannot diverge. It stops once a Newton step is below 10⁻⁷ of
    /// the distance to the nearer end of 0…1 (plus 10⁻¹⁵): the error left is
    /// then about the square of that step, relative to the same distance,
    /// which keeps the result accurate near the ends, where the slope may
    /// vanish. From the curve's table guess that usually takes one step.
    func solve(_ v: Double, in lo: Double, _ hi: Double, from guess: Double) -> Double {
        var lo = lo, hi = hi, t = guess
        for _ in 0..<64 {
            let error = value(at: t) - v
            if error > 0 {
                hi = t
            } else if error < 0 {
                lo = t
            } else {
                return t
            }
            let step = error / slope(at: t)
            let next = t - step
            if abs(step) <= 1e-7 * min(t, 1 - t) + 1e-15 { return next }
            t = next > lo && next < hi ? next : 0.5 * (lo + hi)
        }
        return t
    }
}
