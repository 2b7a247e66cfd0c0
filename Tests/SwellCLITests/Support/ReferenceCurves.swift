import Foundation
import TestSupport

/// Timing curves computed from their definitions, as references for what
/// `swell` renders. Nothing here calls Swell.
enum ReferenceCurve {
    /// The cubic Bézier timing function with control points (x1, y1),
    /// (x2, y2): TestSupport's bisection reference.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> @Sendable (Double) -> Double {
        let curve = ReferenceBezier(x1, y1, x2, y2)
        return { curve.value(at: $0) }
    }

    /// SoX's `fade` types by letter and the FFmpeg `afade` curve name each
    /// one is (SoX 14.4.2 `fade.c`, FFmpeg `af_afade.c`).
    static let soxLetters: [(letter: String, name: String)] = [
        ("t", "tri"), ("q", "qsin"), ("h", "hsin"), ("l", "exp"), ("p", "ipar"),
    ]

    /// The fade gain F(x) of FFmpeg's `afade` curve `name` (`fade_gain()`
    /// in libavfilter/af_afade.c), with `exp` spelled as SoX's `l` type
    /// (`pow(0.1, (1 − x)·5)`; FFmpeg's `exp(−11.5129…·(1 − x))` is the same
    /// function to a few ulps). x is clamped to 0…1 as FFmpeg does.
    static func fade(_ name: String) -> (@Sendable (Double) -> Double)? {
        guard fadeNames.contains(name) else { return nil }
        return { x in fadeGain(name, min(max(x, 0), 1)) }
    }

    private static func fadeGain(_ name: String, _ x: Double) -> Double {
        func cube(_ a: Double) -> Double { a * a * a }
        switch name {
        case "tri": return x
        case "qsin": return sin(x * .pi / 2)
        case "hsin": return (1 - cos(x * .pi)) / 2
        case "esin": return 1 - cos(.pi / 4 * (cube(2 * x - 1) + 1))
        case "iqsin": return 2 / .pi * asin(x)
        case "ihsin": return acos(1 - 2 * x) / .pi
        case "exp": return pow(0.1, (1 - x) * 5)
        case "log": return min(max(1 + 0.2 * log10(x), 0), 1)
        case "par": return 1 - (1 - x).squareRoot()
        case "ipar": return 1 - (1 - x) * (1 - x)
        case "qua": return x * x
        case "cub": return cube(x)
        case "squ": return x.squareRoot()
        case "cbr": return cbrt(x)
        case "dese": return x <= 0.5 ? cbrt(2 * x) / 2 : 1 - cbrt(2 * (1 - x)) / 2
        case "desi": return x <= 0.5 ? cube(2 * x) / 2 : 1 - cube(2 * (1 - x)) / 2
        case "losi":
            let a = 1 / (1 - 0.787) - 1
            let value = 1 / (1 + exp(-(x - 0.5) * a * 2))
            let low = 1 / (1 + exp(a)), high = 1 / (1 + exp(-a))
            return (value - low) / (high - low)
        case "sinc": return x >= 1 ? 1 : sin(.pi * (1 - x)) / (.pi * (1 - x))
        case "isinc": return x <= 0 ? 0 : 1 - sin(.pi * x) / (.pi * x)
        default: preconditionFailure("no fade curve \(name)")
        }
    }

    /// Every curve NAME the command line takes (docs/cli.md#name) and its
    /// reference.
    static func named(_ name: String) -> (@Sendable (Double) -> Double)? {
        if let curve = ReferenceBezier.coreAnimation.first(where: { $0.name == name })?.curve {
            return { curve.value(at: $0) }
        }
        return fade(name)
    }

    static let fadeNames = [
        "tri", "qsin", "hsin", "esin", "iqsin", "ihsin", "exp", "log", "par", "ipar",
        "qua", "cub", "squ", "cbr", "dese", "desi", "losi", "sinc", "isinc",
    ]

    /// The displacement x(t) from the target of a damped harmonic
    /// oscillator, m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −v₀
    /// (v₀ towards the target), at the times `t_j = j·step` for
    /// j = 0…count − 1, integrated with the classical fourth-order
    /// Runge–Kutta method in `substeps` steps per `step`: a reference
    /// independent of any closed form.
    static func springDisplacement(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
        step: Double, count: Int, substeps: Int = 8
    ) -> [Double] {
        let h = step / Double(substeps)
        func acceleration(_ x: Double, _ v: Double) -> Double { -(damping * v + stiffness * x) / mass }
        var x = 1.0, v = -initialVelocity
        var result = [Double]()
        result.reserveCapacity(count)
        for _ in 0..<count {
            result.append(x)
            for _ in 0..<substeps {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
        }
        return result
    }

    /// Gain as the output stage applies it without boost: clamped to 0…1
    /// (docs/audio.md#ear-safety).
    static func limited(_ gain: Double) -> Double {
        min(max(gain, 0), 1)
    }
}
