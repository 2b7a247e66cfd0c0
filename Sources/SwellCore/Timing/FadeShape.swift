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
/// FFmpeg's formulas for these five are the same functions. They differ from
/// SoX's only in how `exp` is spelled — FFmpeg writes e^(−5·ln 10·(1 − x)) with
/// a rounded constant, SoX 0.1^(5·(1 − x)) — which changes the result by a few
/// units in the last place of a `Double`; SoX's spelling is used. SoX's `l`
/// ("logarithmic", its default type) is FFmpeg's `exp`, not FFmpeg's `log`.
///
/// ## How the tools index samples
///
/// Both tools evaluate the curve at `x = k / N` with integer `k` and `N`, the
/// fade length in frames (all channels of a frame get the same gain):
///
/// - **Fade-in** over frames `[S, S + N)`: frame `S + k` gets `F(k / N)`.
///   The first frame gets exactly `F(0)` (0 for every curve but `exp`, whose
///   floor is 1e-5), the last faded frame gets `F((N − 1) / N)`, and frame
///   `S + N` onwards is unchanged (`F(1) = 1`).
/// - **Fade-out** over frames `[E − N, E)`: frame `E − k` gets `F(k / N)`,
///   i.e. frame `E − N + j` gets `F(1 − j / N)`. The first faded frame gets
///   `F(1) = 1` and the last frame, `E − 1`, gets `F(1 / N)` — never `F(0)`.
///   The fade-out is the fade-in played backwards: with progress `p = j / N`
///   the gain is `F(1 − p) = 1 − G(p)`, where `G(x) = 1 − F(1 − x)` is
///   ``CAMediaTimingFunction/mirrored``. An animation of a gain from 1 to 0
///   timed by the mirrored curve therefore lands on the tools' samples.
///
/// SoX, `fade [type] fade-in-length [stop-position [fade-out-length]]`: times
/// become frame counts rounded to the nearest frame (`lsx_parsesamples`), so
/// `sox in out fade q 1 -0 1.5` at 48 kHz fades in over N = 48000 frames and
/// out over N = 72000 frames. The stop position `-0` is the input length L in
/// frames (SoX fails with "audio length is unknown" when the header does not
/// give it); the output is cut (or padded with silence) to the stop position,
/// so E = L and the fade-out covers frames `[L − 72000, L)`. `S` is 0. When the
/// fade-in would end one frame past the fade-out's start, SoX shortens it by
/// that frame; a larger overlap is an error. Samples are 32-bit integers inside
/// SoX: the gain is applied as `sample · F` truncated toward zero, and 32-bit
/// float output is rounded to a multiple of 2⁻²⁴ of full scale.
///
/// FFmpeg, `afade=t=in|out:st=…:d=…` (or `ss=`/`ns=` in frames): `st` and `d`
/// become `S = round(st·fs)` and `N = round(d·fs)` (`av_rescale`, halves away
/// from zero), counted from the stream's first frame by its timestamps. A
/// fade-out ends at `E = S + N`; `afade=t=out:st=L/fs − D:d=D` therefore gives
/// the last frame of the file `F(1/N)`, like SoX's `-0`. After a fade-out (and
/// before a fade-in) FFmpeg writes silence for whole buffers. The gain is a
/// `Double`; float samples are multiplied by it and rounded to `Float`.
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
