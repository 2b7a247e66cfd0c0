/// A Kochanek–Bartels spline through keyframe values: the curve of
/// `CAAnimationCalculationMode.cubic`.
///
/// Each segment is a cubic Hermite curve between two keyframes, with tangents
/// built from the neighbouring keyframes and the keyframe's tension `t`,
/// continuity `c` and bias `b` (Kochanek & Bartels, "Interpolating Splines
/// with Local Tension, Continuity, and Bias Control", SIGGRAPH 1984), the
/// parameters Apple exposes as `tensionValues`, `continuityValues` and
/// `biasValues`. All zero gives a Catmull–Rom spline.
///
/// For keyframe `i` with neighbours `p₋`, `p₊`:
///
///     outgoing  Sᵢ = (1−t)(1+b)(1+c)/2 · (pᵢ − p₋) + (1−t)(1−b)(1−c)/2 · (p₊ − pᵢ)
///     incoming  Dᵢ = (1−t)(1+b)(1−c)/2 · (pᵢ − p₋) + (1−t)(1−b)(1+c)/2 · (p₊ − pᵢ)
///
/// The end keyframes repeat themselves as their missing neighbour. When key
/// times are uneven, the tangents are rescaled by the paper's adjustment for
/// unequal intervals (`2·Nᵢ / (Nᵢ₋₁ + Nᵢ)`), so speed stays continuous across
/// keyframes.
struct KochanekBartelsSpline<Value: Animatable>: Sendable {
    let points: [Value]
    /// Tangent leaving keyframe i (used by segment i).
    let outgoing: [Value]
    /// Tangent arriving at keyframe i (used by segment i − 1).
    let incoming: [Value]

    init(points: [Value], keyTimes: [Double], tension: [Double], continuity: [Double], bias: [Double]) {
        let n = points.count
        var outgoing: [Value] = [], incoming: [Value] = []
        outgoing.reserveCapacity(n)
        incoming.reserveCapacity(n)
        for i in 0..<n {
            let previous = points[max(i - 1, 0)], current = points[i], next = points[min(i + 1, n - 1)]
            let t = i < tension.count ? tension[i] : 0
            let c = i < continuity.count ? continuity[i] : 0
            let b = i < bias.count ? bias[i] : 0
            let back = current.subtracting(previous), ahead = next.subtracting(current)
            var s = back.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2).adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2))
            var d = back.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2).adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2))
            if i > 0 && i < n - 1 && keyTimes.count == n {
                let before = keyTimes[i] - keyTimes[i - 1], after = keyTimes[i + 1] - keyTimes[i]
                if before + after > 0 {
                    d = d.scaled(by: 2 * before / (before + after))
                    s = s.scaled(by: 2 * after / (before + after))
                }
            }
            outgoing.append(s)
            incoming.append(d)
        }
        self.points = points
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The value at parameter `u` (0…1) along segment `i`, from keyframe `i`
    /// to keyframe `i + 1`, with the Hermite basis
    /// `h₀₀ = 2u³ − 3u² + 1`, `h₁₀ = u³ − 2u² + u`, `h₀₁ = −2u³ + 3u²`, `h₁₁ = u³ − u²`.
    func value(segment i: Int, parameter u: Double) -> Value {
        let u2 = u * u, u3 = u2 * u
        return points[i].scaled(by: 2 * u3 - 3 * u2 + 1)
            .adding(outgoing[i].scaled(by: u3 - 2 * u2 + u))
            .adding(points[i + 1].scaled(by: -2 * u3 + 3 * u2))
            .adding(incoming[i + 1].scaled(by: u3 - u2))
    }
}

/// Cumulative arc length along the segments of a curve, sampled finely, to
/// travel it at constant speed (`cubicPaced`).
struct ArcLengthTable: Sendable {
    /// Samples per segment.
    static let resolution = 64
    /// `lengths[s * (resolution + 1) + j]`: length from the start of the
    /// curve to parameter `j / resolution` of segment `s`, normalised to 1.
    let lengths: [Double]
    let segmentCount: Int

    init<Value: Animatable>(segments: Int, point: (Int, Double) -> Value) {
        let r = Self.resolution
        var lengths: [Double] = []
        lengths.reserveCapacity(segments * (r + 1))
        var total = 0.0
        for s in 0..<segments {
            var previous = point(s, 0)
            lengths.append(total)
            for j in 1...r {
                let current = point(s, Double(j) / Double(r))
                total += previous.distance(to: current)
                lengths.append(total)
                previous = current
            }
        }
        self.lengths = total > 0 && total.isFinite ? lengths.map { $0 / total } : lengths
        self.segmentCount = segments
    }

    /// The segment and parameter at `fraction` of the total length (clamped
    /// to the curve), interpolating linearly between samples.
    func segmentParameter(atFraction fraction: Double) -> (segment: Int, parameter: Double) {
        let r = Self.resolution
        let target = min(max(fraction, 0), 1)
        var low = 0, high = lengths.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if lengths[mid] <= target { low = mid } else { high = mid }
        }
        let segment = min(low / (r + 1), segmentCount - 1)
        var j = low - segment * (r + 1)
        if j == r { j = r - 1 }
        let index = segment * (r + 1) + j
        let span = lengths[index + 1] - lengths[index]
        let within = span > 0 ? (target - lengths[index]) / span : 0
        return (segment, (Double(j) + min(max(within, 0), 1)) / Double(r))
    }
}
