/// One timed stage of an animation: its ``MediaTiming`` and timing function.
struct AnimationTiming: Sendable {
    let timing: MediaTiming
    /// Keeps the timing function alive for as long as the stage.
    private let function: CAMediaTimingFunction?
    /// The same function, called without retaining it: evaluation runs per
    /// audio frame and per layer per display frame, and `function`
    /// guarantees the object outlives the stage. (An `unowned(unsafe)`
    /// reference is still retained around each call; `Unmanaged` is not.)
    private let unretainedFunction: Unmanaged<CAMediaTimingFunction>?

    init(timing: MediaTiming, function: CAMediaTimingFunction?) {
        self.timing = timing
        self.function = function
        unretainedFunction = function.map { Unmanaged.passUnretained($0) }
    }

    /// The same stage, beginning at `beginTime`.
    func beginning(at beginTime: Double) -> AnimationTiming {
        var timing = timing
        timing.beginTime = beginTime
        return AnimationTiming(timing: timing, function: function)
    }

    /// The stage's timing function applied to a fraction (linear when none).
    @inline(__always)
    func pace(_ fraction: Double) -> Double {
        guard let function = unretainedFunction else { return fraction }
        return function._withUnsafeGuaranteedRef { $0.value(at: fraction) }
    }
}

/// Where a curve is being evaluated: the paced fraction of the simple
/// duration (after the timing function, so it can leave `0...1` for
/// overshooting Bézier curves), the local seconds that fraction stands for
/// (springs run on seconds), and the repeat iteration (cumulative animations).
struct CurveSample: Sendable, Equatable {
    var fraction: Double
    var seconds: Double
    var iteration: Int
}

/// The chain of time spaces from a layer to an animation: the animation's
/// own stage, preceded by those of the groups that contain it.
///
/// Each stage maps its parent's local time into a position in its simple
/// duration (``MediaTiming/sample(atParentTime:tolerance:)``), applies its
/// timing function, and hands the result, in seconds, to the next stage as
/// its parent time. A group's children therefore run in the group's time
/// space, and are clipped — not scaled — by the group's active duration, as
/// Apple documents for `CAAnimationGroup`.
struct TimingChain: Sendable {
    /// The outermost stage: the top-level group, or the animation itself;
    /// unused on a chain on the layer's own time. Not optional: evaluation
    /// borrows it in place, where unwrapping an optional would copy it —
    /// and retain its timing function — at every frame.
    private let outermost: AnimationTiming
    /// Whether the chain hands on the layer's own time (a schedule's).
    private let isLayerTime: Bool
    /// The stages inside it, the animation itself last; usually none.
    private let inner: [AnimationTiming]
    /// For a chain on the layer's own time, where its output changes.
    private let changing: Range<Double>?

    /// A chain of `stages`, outermost first.
    init(stages: [AnimationTiming]) {
        self.init(outermost: stages[0], inner: Array(stages.dropFirst()), changing: nil)
    }

    private init(outermost: AnimationTiming?, inner: [AnimationTiming], changing: Range<Double>?) {
        self.outermost = outermost ?? AnimationTiming(timing: MediaTiming(), function: nil)
        isLayerTime = outermost == nil
        self.inner = inner
        self.changing = changing
    }

    /// The layer's own time, in seconds, as a schedule's events are timed
    /// (docs/automation.md); its output changes only within `interval`.
    static func layerTime(changingIn interval: Range<Double>?) -> TimingChain {
        TimingChain(outermost: nil, inner: [], changing: interval)
    }

    /// When the outermost stage begins, in the layer's time space.
    var beginTime: Double { isLayerTime ? 0 : outermost.timing.beginTime }

    /// The same chain, its outermost stage beginning at `beginTime`; a
    /// chain on the layer's own time does not move.
    func beginning(at beginTime: Double) -> TimingChain {
        if isLayerTime { return self }
        return TimingChain(outermost: outermost.beginning(at: beginTime), inner: inner, changing: nil)
    }

    @inline(__always)
    func sample(atLayerTime time: Double, tolerance: Double) -> CurveSample? {
        if isLayerTime { return CurveSample(fraction: 0, seconds: time, iteration: 0) }
        guard var result = Self.sample(outermost, atParentTime: time, tolerance: tolerance) else { return nil }
        if inner.isEmpty { return result }
        for stage in inner {
            guard let next = Self.sample(stage, atParentTime: result.seconds, tolerance: tolerance) else { return nil }
            result = next
        }
        return result
    }

    /// One stage: its position, paced by its timing function.
    @inline(__always)
    private static func sample(_ stage: AnimationTiming, atParentTime time: Double, tolerance: Double) -> CurveSample? {
        guard let position = stage.timing.sample(atParentTime: time, tolerance: tolerance) else { return nil }
        let duration = stage.timing.duration
        let fraction = stage.pace(duration > 0 ? position.time / duration : 1)
        return CurveSample(fraction: fraction, seconds: fraction * duration, iteration: position.iteration)
    }

    /// The layer-time interval during which the chain's output moves, or nil
    /// when it may move at any time. Outside the interval the output is
    /// constant (a fill, or no effect), which lets the audio renderer skip
    /// per-frame evaluation.
    var activeLayerInterval: Range<Double>? {
        isLayerTime ? changing : outermost.timing.activeParentInterval
    }
}
