import Foundation

/// A function that defines the pacing of an animation as a timing curve.
///
/// As in Core Animation, a timing function maps the fraction of an
/// animation's duration that has elapsed (x, 0…1) to the fraction of the
/// change that has happened (y). Apple's timing functions are cubic Bézier
/// curves from (0, 0) to (1, 1) — the predefined ones by name, any other by
/// its two control points. Swell adds the classic fade curves of SoX and
/// FFmpeg by name (``CAMediaTimingFunctionName/qsin`` and others); they are
/// not Bézier curves but their tools' exact gain formulas, so that a volume
/// animation reproduces `sox fade` and `ffmpeg -af afade` sample for sample.
///
/// Timing functions are immutable and can be shared between threads; the
/// audio thread calls ``value(at:)`` for every frame, which neither locks
/// nor allocates.
///
/// See Apple's documentation of `CAMediaTimingFunction`.
public final class CAMediaTimingFunction: Sendable {
    /// The shape of the curve.
    enum Curve: Hashable, Sendable {
        case bezier(CubicBezierCurve)
        /// A fade curve F, or its point reflection 1 − F(1 − x).
        case fade(FadeShape, mirrored: Bool)
    }

    let curve: Curve

    /// The Bézier curve again, when `curve` is one: ``value(at:)`` calls it
    /// through optional chaining, which borrows it in place, where a
    /// `switch` over `curve` would copy the payload and retain its table —
    /// a retain and release per call on the audio thread.
    private let bezier: CubicBezierCurve?

    /// The name the function was created with, or `nil` when it was created
    /// from control points or by ``mirrored``.
    public let name: CAMediaTimingFunctionName?

    init(curve: Curve, name: CAMediaTimingFunctionName?) {
        self.curve = curve
        self.name = name
        if case .bezier(let bezier) = curve { self.bezier = bezier } else { self.bezier = nil }
    }

    /// Creates one of the predefined timing functions.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name.kind {
        case .bezier(let preset): self.init(curve: .bezier(preset.curve), name: name)
        case .fade(let shape): self.init(curve: .fade(shape, mirrored: false), name: name)
        }
    }

    /// Creates a cubic Bézier timing function from (0, 0) to (1, 1) with the
    /// control points (c1x, c1y) and (c2x, c2y).
    ///
    /// As in Core Animation, the x coordinates are clamped to 0…1 so that
    /// the curve is a function of time; the y coordinates may leave 0…1, and
    /// the animated value then overshoots its ends. A non-finite coordinate
    /// is replaced by the linear curve's, and a y coordinate is limited to
    /// ±`Double.greatestFiniteMagnitude / 32`, so no input makes
    /// ``value(at:)`` non-finite.
    ///
    /// Literal arguments, `CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9,
    /// 0.7)`, choose the `Double` overload, which keeps them in full
    /// precision.
    public convenience init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.init(curve: .bezier(CubicBezierCurve(c1x, c1y, c2x, c2y)), name: nil)
    }

    /// Creates a cubic Bézier timing function with `Float` control points,
    /// the signature of Apple's `init(controlPoints:_:_:_:)`.
    ///
    /// It is a disfavoured overload: without that, a call with integer
    /// literals only, `(controlPoints: 0, 0, 1, 1)`, would be ambiguous
    /// between `Float` and `Double`, and literal calls should keep full
    /// precision anyway. Code passing `Float` values calls it as before.
    @_disfavoredOverload
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// The fraction of the change at elapsed fraction `x` of the duration.
    ///
    /// `x` is clamped to 0…1 (a NaN counts as 0). Bézier curves are
    /// evaluated by inverting x(t) with safeguarded Newton iteration, to
    /// about 10⁻¹⁴ of an exact inversion (see `CubicBezierCurve`); fade
    /// curves by their tools' formulas.
    /// The result is finite; it leaves 0…1 only for Bézier curves with
    /// control points outside the unit square, and is F(0) = 10⁻⁵ at the
    /// start of ``CAMediaTimingFunctionName/exp``.
    public func value(at x: Double) -> Double {
        let x = x.isNaN ? 0 : min(max(x, 0), 1)
        if let y = bezier?.value(at: x) { return y }
        switch curve {
        case .bezier: preconditionFailure("a Bézier curve is evaluated above")
        case .fade(let shape, mirrored: false): return shape.gain(at: x)
        case .fade(let shape, mirrored: true): return 1 - shape.gain(at: 1 - x)
        }
    }

    /// The point reflection of the curve through (0.5, 0.5),
    /// G(x) = 1 − F(1 − x): the same curve traversed backwards from the
    /// other end.
    ///
    /// This is the shape of a fade-out. SoX and FFmpeg fade out by playing
    /// the fade-in curve backwards, gain F(1 − p) at progress p; an
    /// animation from 1 to 0 computes 1 − G(p) = F(1 − p), so timing a
    /// fade-out with `mirrored` reproduces them (their exact sample indexing
    /// is in docs/fades.md#how-the-tools-index-samples). For a Bézier curve
    /// the reflection is the Bézier with control points (1 − x2, 1 − y2) and
    /// (1 − x1, 1 − y1): `easeIn.mirrored` is `easeOut` (up to the rounding
    /// of 1 − 0.42). Mirroring twice gives the original curve back — exactly
    /// for fade curves, up to the rounding of 1 − (1 − c) for control points.
    public var mirrored: CAMediaTimingFunction {
        switch curve {
        case .bezier(let bezier):
            CAMediaTimingFunction(curve: .bezier(bezier.mirrored), name: nil)
        case .fade(let shape, let isMirrored):
            CAMediaTimingFunction(
                curve: .fade(shape, mirrored: !isMirrored),
                name: isMirrored ? CAMediaTimingFunctionName(.fade(shape)) : nil)
        }
    }

    /// Writes the control point at `idx` into `ptr[0]` (x) and `ptr[1]` (y),
    /// as Apple's `getControlPoint(at:values:)` does.
    ///
    /// Index 0 is (0, 0), 1 and 2 are the control points, 3 is (1, 1). A
    /// fade curve has no control points; it reports its own points at x = 0,
    /// 1/3, 2/3 and 1, so that code drawing a control polygon still outlines
    /// its shape. An index outside 0…3 writes nothing.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let point = controlPoint(at: idx) else { return }
        ptr[0] = Float(point.x)
        ptr[1] = Float(point.y)
    }

    /// The control point at `idx` in full precision, or `nil` outside 0…3.
    func controlPoint(at idx: Int) -> (x: Double, y: Double)? {
        guard (0...3).contains(idx) else { return nil }
        switch curve {
        case .bezier(let bezier):
            switch idx {
            case 0: return (0, 0)
            case 1: return bezier.c1
            case 2: return bezier.c2
            default: return (1, 1)
            }
        case .fade:
            let x = Double(idx) / 3
            return (x, value(at: x))
        }
    }
}

extension CAMediaTimingFunction: Hashable {
    /// Two timing functions are equal when they have the same control points,
    /// or are the same fade curve in the same direction; names are not
    /// compared, so `CAMediaTimingFunction(name: .linear)` equals
    /// `CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)`.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.curve == rhs.curve
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(curve)
    }
}

extension CAMediaTimingFunction: CustomStringConvertible {
    /// The name, `bezier(x1, y1, x2, y2)` for control points — the syntax
    /// `swell --timing` accepts — or `mirrored(NAME)` for a mirrored fade
    /// curve.
    public var description: String {
        if let name { return name.rawValue }
        switch curve {
        case .bezier(let bezier):
            return "bezier(\(bezier.c1.x), \(bezier.c1.y), \(bezier.c2.x), \(bezier.c2.y))"
        case .fade(let shape, mirrored: false):
            return shape.rawValue
        case .fade(let shape, mirrored: true):
            return "mirrored(\(shape.rawValue))"
        }
    }
}
