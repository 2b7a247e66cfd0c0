/// A schedule on a layer: the animation a ``LayerAutomation`` keeps under
/// its key, so that it is ordered, found and removed as animations are
/// (`removeAnimation(forKey:)` clears it) and is evaluated by the same
/// compiled tracks — on the audio thread at every frame, by
/// `presentation()`, the renderer and `swell curve` (docs/automation.md).
///
/// From its first event on it sets the property's value, as a
/// non-additive animation does; before, the value is what the model and
/// the animations before it make. An additive animation added after it
/// adds to it. Its events are timed in the layer's time space, so its own
/// timing properties play no part: it begins with the layer's time and
/// never ends.
public final class AutomationAnimation: CAPropertyAnimation {
    /// The events.
    public var schedule = AutomationSchedule()

    public required init() {
        super.init()
        duration = .infinity
        isRemovedOnCompletion = false
    }

    /// A schedule of `keyPath`.
    public convenience init(keyPath: String, schedule: AutomationSchedule) {
        self.init(keyPath: keyPath)
        self.schedule = schedule
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let other = animation as? AutomationAnimation { schedule = other.schedule }
    }

    override func makeContribution<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> Effect<Value> {
        guard let scalar = type as? any ScalarAnimatable.Type else {
            throw AnimationCompiler.Failure("'\(keyPath ?? "")' is a \(type), not a number: a schedule automates numbers")
        }
        func effect<S: ScalarAnimatable>(_ type: S.Type) -> Effect<Value> {
            Effect<S>.custom(ScheduleContribution<S>(curve: AutomationCurve(schedule))) as! Effect<Value>
        }
        return effect(scalar)
    }
}

/// A schedule's value from its first event on, at the layer time the
/// chain hands it (``TimingChain/layerTime(changingIn:)``).
struct ScheduleContribution<Value: ScalarAnimatable>: PropertyContribution {
    let curve: AutomationCurve

    @inline(__always)
    func apply(to value: inout Value, model: Value, sample: CurveSample) {
        if let scheduled = curve.value(at: sample.seconds) { value = Value.fromScalar(scheduled) }
    }

    /// A block on its chain, which hands on layer time unchanged: the
    /// curve's ``AutomationCurve/values(at:count:into:)`` for the audio
    /// thread's `Double`s.
    func apply(to values: UnsafeMutablePointer<Value>, atLayerTimes times: UnsafePointer<Double>, count: Int,
               model: Value, chain: TimingChain, tolerance: Double) {
        if Value.self == Double.self {
            curve.values(at: times, count: count, into: UnsafeMutableRawPointer(values).assumingMemoryBound(to: Double.self))
        } else {
            for n in 0..<count {
                apply(to: &values[n], model: model, sample: CurveSample(fraction: 0, seconds: times[n], iteration: 0))
            }
        }
    }
}
