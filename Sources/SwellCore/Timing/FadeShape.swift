import Foundation

/// The classic fade curves of SoX's `fade` effect and FFmpeg's `afade`
/// filter, by their FFmpeg `curve` names.
///
/// ``gain(at:)`` is the exact gain formula of the tool the curve comes from —
/// SoX 14.4.2 `src/fade.c` `fade_gain()` for the five curves SoX has, FFmpeg
/// 5.1 `libavfilter/af_afade.c` `fade_gain()` for the others — so that a fade
/// rendered with ``CAMediaTimingFunction`` reproduces those tools sample for
/// sample.
///
/// | FFmpeg name | SoX letter | gain F(x)                                   |
/// |-------------|------------|---------------------------------------------|
/// | `tri`       | `t`        | x                                           |
/// | `qsin`      | `q`        | sin(x·π/2)                                  |
/// | `hsin`      | `h`        | (1 − cos(x·π)) / 2                          |
/// | `exp`       | `l`        | 0.1^(5·(1 − x)): −100 dB at x = 0          |
/// | `ipar`      | `p`        | 1 − (1 − x)²                                |
///
/// `exp` uses SoX's spelling of the formula; FFmpeg's differs from it by a
/// few units in the last place of a `Double`. Every formula, and how SoX and
/// FFmpeg index samples and schedule fades: docs/fades.md.
enum FadeShape: String, CaseIterable, Hashable, Sendable {
    /// Linear slope (SoX `t`).
    case tri
    /// Quarter of a sine wave, constant power for uncorrelated signals (SoX `q`).
    case qsin
    /// Half of a sine wave, S-shaped (SoX `h`).
    case hsin
    /// Exponential sine wave.
    case esin
    /// Inverted quarter of a sine wave.
    case iqsin
    /// Inverted half of a sine wave.
    case ihsin
    /// Exponential: linear in decibels from −100 dB to 0 dB (SoX `l`).
    case exp
    /// Logarithmic: the inverse of `exp`, 0 below −100 dB of input.
    case log
    /// Parabola, 1 − √(1 − x).
    case par
    /// Inverted parabola (SoX `p`).
    case ipar
    /// Quadratic.
    case qua
    /// Cubic.
    case cub
    /// Square root.
    case squ
    /// Cubic root.
    case cbr
    /// Double-exponential seat.
    case dese
    /// Double-exponential sigmoid.
    case desi
    /// Logistic sigmoid.
    case losi
    /// Sine cardinal function.
    case sinc
    /// Inverted sine cardinal function.
    case isinc

    /// The gain at fraction `x` of the fade, for `x` in `0...1`.
    func gain(at x: Double) -> Double {
        switch self {
        case .tri:
            return x
        case .qsin:
            return sin(x * .pi / 2)
        case .hsin:
            return (1 - cos(x * .pi)) / 2
        case .esin:
            let u = 2 * x - 1
            return 1 - cos(.pi / 4 * (u * u * u + 1))
        case .iqsin:
            return 2 / .pi * asin(x)
        case .ihsin:
            return acos(1 - 2 * x) / .pi
        case .exp:
            return pow(0.1, (1 - x) * 5)
        case .log:
            // log10(0) is −∞, which the clamp turns into silence.
            return min(max(1 + 0.2 * log10(x), 0), 1)
        case .par:
            return 1 - (1 - x).squareRoot()
        case .ipar:
            return 1 - (1 - x) * (1 - x)
        case .qua:
            return x * x
        case .cub:
            return x * x * x
        case .squ:
            return x.squareRoot()
        case .cbr:
            return cbrt(x)
        case .dese:
            return x <= 0.5 ? cbrt(2 * x) / 2 : 1 - cbrt(2 * (1 - x)) / 2
        case .desi:
            if x <= 0.5 {
                let u = 2 * x
                return u * u * u / 2
            }
            let u = 2 * (1 - x)
            return 1 - u * u * u / 2
        case .losi:
            return Self.logisticSigmoid(x)
        case .sinc:
            let u = .pi * (1 - x)
            return x >= 1 ? 1 : sin(u) / u
        case .isinc:
            let u = .pi * x
            return x <= 0 ? 0 : 1 - sin(u) / u
        }
    }

    /// FFmpeg's `losi`: a logistic function of steepness `a` through
    /// (0.5, 0.5), rescaled so that it runs exactly from 0 to 1.
    private static func logisticSigmoid(_ x: Double) -> Double {
        let value = 1 / (1 + Foundation.exp(-(x - 0.5) * steepness * 2))
        return (value - sigmoidAtZero) / (sigmoidAtOne - sigmoidAtZero)
    }

    private static let steepness = 1 / (1 - 0.787) - 1
    private static let sigmoidAtZero = 1 / (1 + Foundation.exp(steepness))
    private static let sigmoidAtOne = 1 / (1 + Foundation.exp(-steepness))
}
