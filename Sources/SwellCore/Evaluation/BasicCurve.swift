/// The curve of a ``CABasicAnimation``: straight interpolation between two
/// ends, each either fixed or the live model value.
struct BasicCurve<Value: Animatable>: ValueCurve {
    let from: Endpoint<Value>
    let to: Endpoint<Value>

    func value(at sample: CurveSample, model: Value) -> Value {
        from.resolve(model: model).interpolated(to: to.resolve(model: model), fraction: sample.fraction)
    }

    func endValue(model: Value) -> Value {
        to.resolve(model: model)
    }
}

/// The curve of a ``CASpringAnimation``: the ends of a basic animation,
/// joined by the motion of a damped spring instead of a timing function.
struct SpringCurve<Value: Animatable>: ValueCurve {
    let from: Endpoint<Value>
    let to: Endpoint<Value>
    let motion: SpringMotion

    func value(at sample: CurveSample, model: Value) -> Value {
        from.resolve(model: model).interpolated(to: to.resolve(model: model), fraction: motion.progress(at: sample.seconds))
    }

    func endValue(model: Value) -> Value {
        to.resolve(model: model)
    }
}
