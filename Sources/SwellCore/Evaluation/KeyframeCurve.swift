/// The curve of a ``CAKeyframeAnimation`` with `values`.
///
/// Implements the calculation modes Apple documents for
/// `CAAnimationCalculationMode`:
/// - `linear`: straight segments between keyframes at `keyTimes`, each paced
///   by its entry in `timingFunctions`;
/// - `discrete`: each value held from its key time to the next, no
///   interpolation;
/// - `paced`: straight segments timed so the value moves at constant speed
///   (key times proportional to the distance covered; `keyTimes` and
///   `timingFunctions` ignored);
/// - `cubic`: a Kochanek–Bartels spline through the keyframes, shaped by
///   `tensionValues`, `continuityValues` and `biasValues`;
/// - `cubicPaced`: the same spline travelled at constant speed.
struct KeyframeCurve<Value: Animatable>: ValueCurve {
    enum Interpolation: Sendable {
        case linear
        case discrete
        case cubic(KochanekBartelsSpline<Value>)
        case cubicPaced(KochanekBartelsSpline<Value>, ArcLengthTable)
    }

    let values: [Value]
    /// Segment boundaries as fractions of the simple duration; for discrete
    /// animations, the time each value starts.
    let keyTimes: [Double]
    /// One timing function per segment (nil: linear).
    let functions: [CAMediaTimingFunction?]
    let interpolation: Interpolation

    func value(at sample: CurveSample, model: Value) -> Value {
        let f = sample.fraction
        guard values.count > 1 else { return values[0] }
        switch interpolation {
        case .discrete:
            return values[min(lastKey(atOrBefore: f), values.count - 1)]
        case .cubicPaced(let spline, let table):
            let (segment, u) = table.segmentParameter(atFraction: f)
            return spline.value(segment: segment, parameter: u)
        case .linear, .cubic:
            let segment = min(lastKey(atOrBefore: f), values.count - 2)
            let span = keyTimes[segment + 1] - keyTimes[segment]
            var u = span > 0 ? (f - keyTimes[segment]) / span : 1
            if let function = functions[segment] { u = function.value(at: u) }
            if case .cubic(let spline) = interpolation {
                return spline.value(segment: segment, parameter: u)
            }
            return values[segment].interpolated(to: values[segment + 1], fraction: u)
        }
    }

    func endValue(model: Value) -> Value {
        values[values.count - 1]
    }

    /// The index of the last key time at or before `f` (0 when `f` precedes
    /// them all), by binary search.
    private func lastKey(atOrBefore f: Double) -> Int {
        var low = 0, high = keyTimes.count - 1
        if f >= keyTimes[high] { return high }
        while high - low > 1 {
            let mid = (low + high) / 2
            if keyTimes[mid] <= f { low = mid } else { high = mid }
        }
        return low
    }
}

extension KeyframeCurve {
    /// Key times evenly spaced over the simple duration: `count` boundaries.
    static func evenKeyTimes(_ count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the distance travelled between successive
    /// values, for paced animation; even when the values do not move.
    static func pacedKeyTimes(_ values: [Value]) -> [Double] {
        var cumulative = [0.0]
        for i in 1..<values.count {
            cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i]))
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0, total.isFinite else { return evenKeyTimes(values.count) }
        return cumulative.map { $0 / total }
    }
}
