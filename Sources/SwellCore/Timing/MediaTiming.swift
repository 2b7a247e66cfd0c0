import Foundation

/// The `CAMediaTiming` properties of one layer or animation as a value, with
/// the arithmetic that maps its parent's time into its own.
///
/// The model is the one Apple documents for `CAMediaTiming` and that
/// Rönnqvist measured ("Controlling Animation Timing", objc.io issue 12):
///
/// - Time since begin, `t_parent − beginTime`, runs at `speed`; the object is
///   *active* while that scaled time lies in `[0, activeDuration)`.
/// - `activeDuration` is `repeatDuration` when set, otherwise
///   `duration × repeatCount` (a count of 0 means 1; fractional counts play a
///   partial last iteration), doubled when `autoreverses` (one repeat is a
///   forward and a backward pass).
/// - `timeOffset` shifts where in the active duration playback starts, and
///   the active duration wraps around like a ring: a 5 s animation with
///   `timeOffset = 2` plays 2…5 then 0…2.
/// - Outside the active duration, `fillMode` decides whether the object holds
///   its first (backwards) or last (forwards) state.
///
/// Layers use the same struct: a layer's `duration` is 0 by default, which
/// makes its active duration unbounded, so its local time is simply
/// `(t_parent − beginTime) · speed + timeOffset` — the mapping Apple's pause
/// and resume recipe (Technical Q&A QA1673) relies on. A layer given a
/// duration repeats its timeline like an animation
/// (``layerTime(fromParent:)``): a Lottie layer loops so.
public struct MediaTiming: Sendable, Equatable {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    /// Whether the object holds its last state after its active duration.
    public private(set) var fillsForwards = false
    /// Whether the object shows its first state before its begin time.
    public private(set) var fillsBackwards = false

    public init() {}

    /// What the object presents outside its active duration. Kept as the two
    /// flags it means, so that a `MediaTiming` is plain data: snapshots and
    /// the audio render thread copy timings per frame, and a stored string
    /// would be retained and released with every copy. A fill mode other
    /// than Core Animation's four fills neither way and reads back as
    /// `removed`.
    public var fillMode: CAMediaTimingFillMode {
        get {
            switch (fillsBackwards, fillsForwards) {
            case (false, false): .removed
            case (false, true): .forwards
            case (true, false): .backwards
            case (true, true): .both
            }
        }
        set {
            fillsForwards = newValue == .forwards || newValue == .both
            fillsBackwards = newValue == .backwards || newValue == .both
        }
    }

    /// Whether the object's active duration is unbounded: a layer, or an
    /// animation repeating forever.
    public var isUnbounded: Bool { !activeDuration.isFinite }

    /// The length of one iteration: forwards, and back again when the object
    /// autoreverses.
    public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the object is active, in local seconds.
    public var activeDuration: Double {
        guard duration > 0 else { return .infinity }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration * (repeatCount > 0 ? repeatCount : 1)
    }

    /// The unbounded mapping from parent time to local time,
    /// `(t − beginTime) · speed + timeOffset` (CALayer's `convertTime`).
    public func localTime(fromParent time: Double) -> Double {
        (time - beginTime) * speed + timeOffset
    }

    /// A layer's local time at a parent time: the unbounded map of
    /// ``localTime(fromParent:)`` for a layer without a `duration`, as
    /// layers are; with one, the time within its current iteration, so
    /// that a layer's `repeatCount`, `repeatDuration` and `autoreverses`
    /// repeat everything on it and below it, as Core Animation repeats a
    /// layer's timeline — held at an end by its `fillMode` outside its
    /// active duration, and unbounded there without one.
    public func layerTime(fromParent time: Double) -> Double {
        guard duration > 0, let sample = sample(atParentTime: time) else { return localTime(fromParent: time) }
        return sample.time
    }

    /// The inverse of ``localTime(fromParent:)``; a paused object (speed 0)
    /// maps every parent time to the same local time, so there is no inverse
    /// and the begin time is returned.
    public func parentTime(fromLocal time: Double) -> Double {
        speed == 0 ? beginTime : (time - timeOffset) / speed + beginTime
    }

    /// Where a bounded object is at a parent time.
    public enum Phase: Sendable, Equatable {
        case before, active, after
    }

    /// The phase at `time`. `tolerance` (seconds, ≥ 0) lets a begin time that
    /// is a rounding error after `time` count as reached; the audio renderer
    /// passes 1e-9 of a frame so that an event at T first affects frame
    /// `ceil(T·fs − 1e-9)` (docs/audio.md#time-is-exact).
    public func phase(atParentTime time: Double, tolerance: Double = 0) -> Phase {
        let since = time - beginTime
        if since < -tolerance { return .before }
        if speed == 0 { return .active }
        return max(since, 0) * Swift.abs(speed) >= activeDuration ? .after : .active
    }

    /// The object's position within one simple iteration at `time`, or nil
    /// when it has no effect then (outside its active duration, not filling).
    public func sample(atParentTime time: Double, tolerance: Double = 0) -> TimingSample? {
        let since = time - beginTime
        let active = activeDuration
        if since < -tolerance {
            return fillsBackwards
                ? iterationSample(atActivePosition: startPosition(active), atEnd: false) : nil
        }
        let elapsed = max(since, 0) * Swift.abs(speed)
        if elapsed >= active {
            return fillsForwards
                ? iterationSample(atActivePosition: endPosition(active), atEnd: true) : nil
        }
        if speed < 0 {
            // Negative speed plays the active duration backwards from its end.
            let atEnd = elapsed == 0
            let position = atEnd ? endPosition(active) : wrapped(active - elapsed + timeOffset, in: active)
            return iterationSample(atActivePosition: position, atEnd: atEnd)
        }
        return iterationSample(atActivePosition: wrapped(elapsed + timeOffset, in: active), atEnd: false)
    }

    /// The active interval in parent time, for deciding when a value can
    /// change; nil when the object never ends or is paused.
    public var activeParentInterval: Range<Double>? {
        let active = activeDuration
        guard active.isFinite, speed != 0 else { return nil }
        return beginTime..<(beginTime + active / Swift.abs(speed))
    }

    // The helpers below take the active duration from their caller, which
    // has computed it already: `sample` runs per property per display frame
    // and per audio frame.

    private func startPosition(_ active: Double) -> Double {
        speed < 0 ? endPosition(active) : wrapped(timeOffset, in: active)
    }

    private func endPosition(_ active: Double) -> Double {
        guard active.isFinite else { return wrapped(timeOffset, in: active) }
        let position = wrapped(active + timeOffset, in: active)
        return position == 0 ? active : position
    }

    /// Wraps an active position into `[0, active)`, the ring that
    /// `timeOffset` turns.
    @inline(__always)
    private func wrapped(_ position: Double, in active: Double) -> Double {
        // Without a time offset the position is already inside; `fmod` is
        // only needed for the ring.
        if position >= 0 && position < active { return position }
        guard active.isFinite else { return max(position, 0) }
        let r = position.truncatingRemainder(dividingBy: active)
        return r < 0 ? r + active : r
    }

    /// The iteration and the time within it at a non-negative active position.
    @inline(__always)
    private func iterationSample(atActivePosition position: Double, atEnd: Bool) -> TimingSample {
        let cycle = cycleDuration
        guard cycle > 0 else { return TimingSample(time: 0, iteration: 0) }
        // floor(position / cycle): most samples fall in the first iteration,
        // which needs no division; a position below 2⁵² cycles truncates in
        // one instruction, where `rounded(.down)` is a call into libm.
        var iteration = 0.0
        if position >= cycle {
            let quotient = position / cycle
            iteration = quotient < 0x1p52 ? Double(Int(quotient)) : quotient.rounded(.down)
        }
        var inCycle = position - iteration * cycle
        if atEnd && inCycle == 0 && iteration > 0 {
            // The end of the last iteration, not the start of the next one.
            iteration -= 1
            inCycle = cycle
        }
        let time = autoreverses && inCycle > duration ? cycle - inCycle : inCycle
        // An iteration count beyond Int's range (a time offset of 1e300 on
        // an endless animation) saturates instead of trapping.
        let count = iteration < 0x1p62 ? Int(iteration) : 1 << 62
        return TimingSample(time: min(max(time, 0), duration), iteration: count)
    }
}

/// A position inside one simple iteration: `time` in `0...duration` local
/// seconds, and which repeat cycle it is in (for cumulative animations).
public struct TimingSample: Sendable, Equatable {
    public var time: Double
    public var iteration: Int

    public init(time: Double, iteration: Int) {
        self.time = time
        self.iteration = iteration
    }
}
