import Foundation

/// A biquad's coefficients, normalised by a0: the Audio EQ Cookbook's
/// formulas for an ``AudioFilterType``, in the form and order SoX's
/// `biquads.c` computes them, so that a filter that holds still renders
/// what the SoX effect of its type renders (docs/filters.md#types).
///
/// The section runs in Direct Form I,
/// `y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a1·y[n−1] − a2·y[n−2]`,
/// as SoX's biquad and Web Audio's `BiquadFilterNode` do.
public struct BiquadCoefficients: Sendable, Equatable {
    public var b0, b1, b2, a1, a2: Double

    /// The coefficients of `type` at `frequency` Hz, quality `q` and, for
    /// a bell or shelf, `gain` dB, for `sampleRate`. The frequency is held
    /// just below the Nyquist frequency and above 0, and Q above 0, so
    /// that a parameter animated past them (the render thread does not
    /// check an animation's values) still gives a stable filter.
    public init(_ type: AudioFilterType, frequency: Double, q: Double, gain: Double, sampleRate: Double) {
        let nyquist = sampleRate / 2
        let f = Swift.min(Swift.max(frequency, 1e-3), nyquist * 0.9999)
        let w0 = 2 * Double.pi * f / sampleRate
        let cosW0 = cos(w0), sinW0 = sin(w0)
        let alpha = sinW0 / (2 * Swift.max(q, 1e-4))
        // SoX: A = exp(gain / 40 · ln 10), 10^(gain/40).
        let a = exp(gain / 40 * log(10.0))
        var b0, b1, b2, a0, a1, a2: Double
        switch type {
        case .lowpass:
            (b0, b1, b2) = ((1 - cosW0) / 2, 1 - cosW0, (1 - cosW0) / 2)
            (a0, a1, a2) = (1 + alpha, -2 * cosW0, 1 - alpha)
        case .highpass:
            (b0, b1, b2) = ((1 + cosW0) / 2, -(1 + cosW0), (1 + cosW0) / 2)
            (a0, a1, a2) = (1 + alpha, -2 * cosW0, 1 - alpha)
        case .bandpass:
            (b0, b1, b2) = (alpha, 0, -alpha)
            (a0, a1, a2) = (1 + alpha, -2 * cosW0, 1 - alpha)
        case .notch:
            (b0, b1, b2) = (1, -2 * cosW0, 1)
            (a0, a1, a2) = (1 + alpha, -2 * cosW0, 1 - alpha)
        case .allpass:
            (b0, b1, b2) = (1 - alpha, -2 * cosW0, 1 + alpha)
            (a0, a1, a2) = (1 + alpha, -2 * cosW0, 1 - alpha)
        case .peaking:
            (b0, b1, b2) = (1 + alpha * a, -2 * cosW0, 1 - alpha * a)
            (a0, a1, a2) = (1 + alpha / a, -2 * cosW0, 1 - alpha / a)
        case .lowshelf:
            let r = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) - (a - 1) * cosW0 + r)
            b1 = 2 * a * ((a - 1) - (a + 1) * cosW0)
            b2 = a * ((a + 1) - (a - 1) * cosW0 - r)
            a0 = (a + 1) + (a - 1) * cosW0 + r
            a1 = -2 * ((a - 1) + (a + 1) * cosW0)
            a2 = (a + 1) + (a - 1) * cosW0 - r
        case .highshelf:
            let r = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) + (a - 1) * cosW0 + r)
            b1 = -2 * a * ((a - 1) + (a + 1) * cosW0)
            b2 = a * ((a + 1) + (a - 1) * cosW0 - r)
            a0 = (a + 1) - (a - 1) * cosW0 + r
            a1 = 2 * ((a - 1) - (a + 1) * cosW0)
            a2 = (a + 1) - (a - 1) * cosW0 - r
        }
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
    }
}
