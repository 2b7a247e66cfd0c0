/// One timed stage of an animation: its ``MediaTiming`` and timing function.
struct AnimationTiming: Sendable {
    var timing: MediaTiming
    var function: CAMediaTimingFunction?
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
    /// Outermost (the top-level group) first, the animation itself last.
    let stages: [AnimationTiming]

    func sample(atLayerTime time: Double, tolerance: Double) -> CurveSample? {
        var parentTime = time
        var result = CurveSample(fraction: 0, seconds: 0, iteration: 0)
        for stage in stages {
            guard let position = stage.timing.sample(atParentTime: parentTime, tolerance: tolerance) else {
                return nil
            }
            let duration = stage.timing.duration
            var fraction = duration > 0 ? position.time / duration : 1
            if let function = stage.function { fraction = function.value(at: fraction) }
            parentTime = fraction * duration
            result = CurveSample(fraction: fraction, seconds: parentTime, iteration: position.iteration)
        }
        return result
    }

    /// The layer-time interval during which the chain's output moves, or nil
    /// when it may move at any time. Outside the interval the output is
    /// constant (a fill, or no effect), which lets the audio renderer skip
    /// per-frame evaluation.
    var activeLayerInterval: Range<Double>? {
        guard let outer = stages.first?.timing.activeParentInterval else { return nil }
        return outer
    }
}
