import Foundation

/// Web Audio's formulas (Web Audio API, "AudioParam"), as the conformance
/// suite's audio-param.js writes them.
public enum WebAudioFormula {
    public static func linear(_ t: Double, _ v0: Double, _ t0: Double, _ v1: Double, _ t1: Double) -> Double {
        t >= t1 ? v1 : v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    }

    public static func exponential(_ t: Double, _ v0: Double, _ t0: Double, _ v1: Double, _ t1: Double) -> Double {
        t >= t1 ? v1 : v0 * pow(v1 / v0, (t - t0) / (t1 - t0))
    }

    public static func target(_ t: Double, _ v0: Double, _ t0: Double, _ target: Double, _ tau: Double) -> Double {
        target + (v0 - target) * exp(-(t - t0) / tau)
    }

    public static func curve(_ t: Double, _ values: [Double], _ t0: Double, _ duration: Double) -> Double {
        let n = values.count
        if t >= t0 + duration { return values[n - 1] }
        let x = (t - t0) * Double(n - 1) / duration
        let i = Int(x.rounded(.down))
        return values[i] + (values[min(i + 1, n - 1)] - values[i]) * (x - Double(i))
    }

    /// |actual − expected| / |expected| (absolute when expected is 0).
    public static func relativeError(_ actual: Double, _ expected: Double) -> Double {
        expected == 0 ? abs(actual) : abs(actual - expected) / abs(expected)
    }
}
