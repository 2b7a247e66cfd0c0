import Foundation

/// The closed-form motion of a damped harmonic oscillator, the model behind
/// `CASpringAnimation`.
///
/// A mass `m` on a spring of stiffness `k` with damping `c` starts at the
/// animation's `fromValue` and is pulled towards `toValue`. With the
/// displacement from the target normalised to 1 at the start and the initial
/// velocity `v₀` given in the same units (distances per second, positive
/// towards the target, as Apple documents `initialVelocity`):
///
///     m·x″ + c·x′ + k·x = 0,   x(0) = 1,   x′(0) = −v₀
///
/// With `ω₀ = √(k/m)` and damping ratio `ζ = c / (2√(k·m))` the solution is,
/// for an under-damped spring (ζ < 1, `ω_d = ω₀√(1−ζ²)`),
/// `x(t) = e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t)`; for a
/// critically damped one `x(t) = e^(−ω₀t)·(1 + (ω₀ − v₀)t)`; for an
/// over-damped one the sum of two decaying exponentials. The animation's
/// progress is `1 − x(t)`, which overshoots 1 when the spring bounces.
struct SpringMotion: Sendable, Equatable {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let initialVelocity: Double

    private var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    private var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The normalised displacement `x(t)` from the target.
    func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    /// The animation's progress `1 − x(t)`.
    func progress(at t: Double) -> Double {
        1 - displacement(at: max(t, 0))
    }

    /// The time after which the spring stays within 0.1 % of the distance
    /// from its target: the first `t` where the bound
    /// `(|A| + |B|)·e^(−ζω₀t)` on the displacement (the sum of the absolute
    /// coefficients of its decaying terms) falls to 0.001.
    ///
    /// Apple documents two values of `settlingDuration` for mass 1 and
    /// stiffness 100: about 2.85 s with damping 5 and "just over 1 second"
    /// with damping 15; this bound gives 2.855 s and 1.022 s.
    var settlingDuration: Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        let threshold = 1e-3
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let bound = 1 + Swift.abs((zeta * w0 - v0) / wd)
            return max(0, log(bound / threshold) / (zeta * w0))
        }
        // Critically and over-damped springs: the bound is a sum of decaying
        // exponentials (times a linear term when critical); find where it
        // reaches the threshold by bisection on its monotone tail.
        let envelope: (Double) -> Double
        if zeta == 1 {
            envelope = { t in exp(-w0 * t) * (1 + Swift.abs(w0 - v0) * t) }
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let a = (-v0 - r2) / (r1 - r2)
            envelope = { t in Swift.abs(a) * exp(r1 * t) + Swift.abs(1 - a) * exp(r2 * t) }
        }
        var high = 1.0 / w0
        while envelope(high) > threshold { high *= 2 }
        var low = 0.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if envelope(mid) > threshold { low = mid } else { high = mid }
        }
        return high
    }
}
