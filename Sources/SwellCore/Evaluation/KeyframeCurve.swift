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

    /// A key time, as a fraction of the simple duration, and the value
    /// there (for discrete animations: the value from then on).
    struct Key: Sendable {
        let time: Double
        let value: Value
    }

    /// The keys in time order. Times and values share one array so that an
    /// evaluation reads one block of memory rather than two. A discrete
    /// animation may have one key time more than values (Apple: the last
    /// marks the end of the last value); its key repeats the last value.
    let keys: [Key]
    /// The segments' timing functions.
    let pacing: SegmentPacing
    let interpolation: Interpolation

    init(values: [Value], keyTimes: [Double], functions: [CAMediaTimingFunction?], interpolation: Interpolation) {
        keys = keyTimes.indices.map { Key(time: keyTimes[$0], value: values[min($0, values.count - 1)]) }
        pacing = SegmentPacing(functions)
        self.interpolation = interpolation
    }

    @inline(__always)
    func value(at sample: CurveSample, model: Value) -> Value {
        let f = sample.fraction
        guard keys.count > 1 else { return keys[0].value }
        switch interpolation {
        case .discrete:
            return keys[lastKey(atOrBefore: f)].value
        case .cubicPaced(let spline, let table):
            let (segment, u) = table.segmentParameter(atFraction: f)
            return spline.value(segment: segment, parameter: u)
        case .linear, .cubic:
            let segment = min(lastKey(atOrBefore: f), keys.count - 2)
            let start = keys[segment], end = keys[segment + 1]
            let span = end.time - start.time
            let u = pacing.pace(span > 0 ? (f - start.time) / span : 1, segment: segment)
            if case .cubic(let spline) = interpolation {
                return spline.value(segment: segment, parameter: u)
            }
            return start.value.interpolated(to: end.value, fraction: u)
        }
    }

    func endValue(model: Value) -> Value {
        keys[keys.count - 1].value
    }

    /// The index of the last key at or before `f` (0 when `f` precedes them
    /// all), by binary search.
    private func lastKey(atOrBefore f: Double) -> Int {
        var low = 0, high = keys.count - 1
        if f >= keys[high].time { return high }
        while high - low > 1 {
            let mid = (low + high) / 2
            if keys[mid].time <= f { low = mid } else { high = mid }
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
