/// One animation's effect on one layer property.
///
/// A property's presentation value is its model value with the effects of
/// the layer's animations applied in the order they were added: a
/// non-additive animation replaces the value so far, an additive one adds to
/// it (Apple: "additive: the value specified by the animation is added to the
/// current render tree value").
///
/// Indirect, so that evaluating an effect borrows its payload from a box
/// instead of copying curves and arrays out of the enum on every call
/// (measured: about a third fewer instructions per track evaluation).
indirect enum Effect<Value: Animatable>: Sendable {
    /// A standard curve on the whole value: the common case, statically
    /// dispatched.
    case standard(CurveContribution<StandardCurve<Value>>)
    /// Anything else: a field of the value (`position.x`), a path, a value
    /// function, an orientation.
    case custom(any PropertyContribution<Value>)

    @inline(__always)
    func apply(to value: inout Value, model: Value, sample: CurveSample) {
        switch self {
        case .standard(let contribution): contribution.apply(to: &value, model: model, sample: sample)
        case .custom(let contribution): contribution.apply(to: &value, model: model, sample: sample)
        }
    }

    /// The effect of a standard curve.
    static func curve(_ curve: StandardCurve<Value>, isAdditive: Bool, isCumulative: Bool) -> Effect {
        .standard(CurveContribution(curve: curve, isAdditive: isAdditive, isCumulative: isCumulative))
    }
}

/// An effect that is not a standard curve on the whole value.
protocol PropertyContribution<Root>: Sendable {
    associatedtype Root: Animatable
    func apply(to value: inout Root, model: Root, sample: CurveSample)

    /// Applies the contribution to `count` values, `values[n]` being the
    /// value so far at layer time `times[n]`, which `chain` samples: the
    /// audio thread's block. By default, one frame at a time.
    func apply(to values: UnsafeMutablePointer<Root>, atLayerTimes times: UnsafePointer<Double>, count: Int,
               model: Root, chain: TimingChain, tolerance: Double)
}

extension PropertyContribution {
    func apply(to values: UnsafeMutablePointer<Root>, atLayerTimes times: UnsafePointer<Double>, count: Int,
               model: Root, chain: TimingChain, tolerance: Double) {
        for n in 0..<count {
            if let sample = chain.sample(atLayerTime: times[n], tolerance: tolerance) {
                apply(to: &values[n], model: model, sample: sample)
            }
        }
    }
}

/// A curve applied to the whole value of a property.
struct CurveContribution<Curve: ValueCurve>: PropertyContribution {
    let curve: Curve
    let isAdditive: Bool
    let isCumulative: Bool

    @inline(__always)
    func apply(to value: inout Curve.Value, model: Curve.Value, sample: CurveSample) {
        var animated = curve.value(at: sample, model: model)
        if isCumulative && sample.iteration > 0 {
            // "The value of the property is the value at the end of the
            // previous repeat cycle, plus the value of the current repeat
            // cycle" (CAPropertyAnimation.isCumulative).
            animated = animated.adding(curve.endValue(model: model).scaled(by: Double(sample.iteration)))
        }
        value = isAdditive ? value.adding(animated) : animated
    }

    /// The same contribution with another curve: a standard curve's case,
    /// unpacked (see ``PropertyTrack/Entry``).
    func replacingCurve<Other: ValueCurve>(with curve: Other) -> CurveContribution<Other> {
        CurveContribution<Other>(curve: curve, isAdditive: isAdditive, isCumulative: isCumulative)
    }
}

/// A contribution to one field of a property, such as `position.x`: the
/// field is read out of the value so far, animated, and written back.
struct ComponentContribution<Root: Animatable, Leaf: Animatable>: PropertyContribution {
    let get: @Sendable (Root) -> Leaf
    let set: @Sendable (inout Root, Leaf) -> Void
    let inner: Effect<Leaf>

    func apply(to value: inout Root, model: Root, sample: CurveSample) {
        var leaf = get(value)
        inner.apply(to: &leaf, model: get(model), sample: sample)
        set(&value, leaf)
    }
}
