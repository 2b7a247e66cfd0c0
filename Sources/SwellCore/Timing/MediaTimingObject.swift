import Foundation

/// An object whose `CAMediaTiming` properties are the fields of one stored
/// ``MediaTiming``: the common superclass of ``CAAnimation`` and
/// ``CAEmitterCell``, the two timed objects of Core Animation that are not
/// layers (Apple's `CAMediaTiming` reference lists them as its adopters).
/// The properties stay `open`, as in QuartzCore.
///
/// `speed` and `repeatCount` are `Float` as Apple declares them and kept
/// as `Double` in the timing, where the time arithmetic happens. A layer
/// keeps its timing in its record instead, so that a change reaches the
/// next commit.
open class MediaTimingObject: CAMediaTiming {
    /// The timing every property below reads and writes.
    var timing = MediaTiming()

    public required init() {}

    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }

    open var duration: CFTimeInterval {
        get { timing.duration }
        set { timing.duration = newValue }
    }

    open var speed: Float {
        get { Float(timing.speed) }
        set { timing.speed = Double(newValue) }
    }

    open var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }

    open var repeatCount: Float {
        get { Float(timing.repeatCount) }
        set { timing.repeatCount = Double(newValue) }
    }

    open var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }

    open var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }

    open var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
}
