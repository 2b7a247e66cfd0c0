/// How an animation turns a position in its simple duration into a value.
///
/// Curves are immutable and `Sendable`: they are built on the layer's thread
/// when a transaction commits and evaluated anywhere, including the audio
/// render thread, without locks or allocation.
protocol ValueCurve<Value>: Sendable {
    associatedtype Value: Animatable

    /// The value at `sample`. `model` is the property's model value at the
    /// time of evaluation, read live, which stands in for a missing
    /// `fromValue` / `toValue` (Apple's "Setting Interpolation Values").
    func value(at sample: CurveSample, model: Value) -> Value

    /// The value at the end of one simple iteration, which cumulative
    /// animations add once per completed repeat.
    func endValue(model: Value) -> Value
}

/// The curves of Core Animation's own animation classes, as one enum.
///
/// Evaluated without dynamic dispatch, so that evaluation specialises
/// completely for the property's value type. A ``PropertyTrack`` unpacks
/// the case once, when it is built (see ``PropertyTrack/Entry``), which is
/// what makes per-sample gain evaluation and 10,000-layer frames fast.
/// Indirect, so that an ``Effect`` holding one stays a reference wide.
indirect enum StandardCurve<Value: Animatable>: ValueCurve {
    case basic(BasicCurve<Value>)
    case keyframe(KeyframeCurve<Value>)
    case spring(SpringCurve<Value>)

    @inline(__always)
    func value(at sample: CurveSample, model: Value) -> Value {
        switch self {
        case .basic(let curve): curve.value(at: sample, model: model)
        case .keyframe(let curve): curve.value(at: sample, model: model)
        case .spring(let curve): curve.value(at: sample, model: model)
        }
    }

    func endValue(model: Value) -> Value {
        switch self {
        case .basic(let curve): curve.endValue(model: model)
        case .keyframe(let curve): curve.endValue(model: model)
        case .spring(let curve): curve.endValue(model: model)
        }
    }
}

/// An end of a basic or spring animation: a fixed value, or the live model
/// value (plus `byValue` when only `byValue` was given).
enum Endpoint<Value: Animatable>: Sendable {
    case value(Value)
    case model
    case modelAdding(Value)

    @inline(__always)
    func resolve(model: Value) -> Value {
        switch self {
        case .value(let value): value
        case .model: model
        case .modelAdding(let delta): model.adding(delta)
        }
    }
}
