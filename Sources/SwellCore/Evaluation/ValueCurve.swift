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

/// An end of a basic or spring animation: a fixed value, or the live model
/// value (plus `byValue` when only `byValue` was given).
enum Endpoint<Value: Animatable>: Sendable {
    case value(Value)
    case model
    case modelAdding(Value)

    func resolve(model: Value) -> Value {
        switch self {
        case .value(let value): value
        case .model: model
        case .modelAdding(let delta): model.adding(delta)
        }
    }
}
