import Foundation

/// The current absolute time in seconds: the clock of the render host the
/// calling thread is working on, else the machine's monotonic clock.
///
/// QuartzCore's `CACurrentMediaTime()` is `mach_absolute_time()` in seconds,
/// the clock every layer tree runs on, so Apple's code writes
/// `beginTime = CACurrentMediaTime() + 0.5` for "half a second from now".
/// Swell's hosts may run on a manual or an audio clock; reading the current
/// host's time keeps that code right on them (see `CurrentHost`,
/// docs/porting.md#time).
public func CACurrentMediaTime() -> CFTimeInterval {
    CurrentHost.host?.currentTime ?? monotonicTime()
}

/// Seconds on `CLOCK_MONOTONIC`, Linux's `mach_absolute_time()`: it starts
/// at boot and never jumps.
func monotonicTime() -> CFTimeInterval {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// A source of "now" for a render host.
///
/// Core Animation always evaluates on the host clock; Swell makes the clock
/// injectable (docs/architecture.md#clocks) so that tests and offline
/// rendering run on a clock that only moves when told to, and live audio
/// runs on the audio clock — frames delivered to the device divided by the
/// sample rate — so that what `presentation()` reports is what is heard.
public protocol MediaClock: AnyObject, Sendable {
    /// The current time in seconds.
    var currentTime: CFTimeInterval { get }
}

/// The machine's monotonic clock, what ``CACurrentMediaTime()`` reads on a
/// thread without a host.
public final class HostClock: MediaClock {
    public init() {}
    public var currentTime: CFTimeInterval { monotonicTime() }
}

/// A clock that moves only when told to: tests, `swell curve`, and stepped
/// display links. Results on it are bit-for-bit repeatable.
public final class ManualClock: MediaClock {
    private let time: Locked<Double>

    public init(time: CFTimeInterval = 0) {
        self.time = Locked(time)
    }

    public var currentTime: CFTimeInterval { time.withLock { $0 } }

    /// Sets the time. Prefer computing the time from an integer counter
    /// (`Double(frame) / rate`) over summing steps, so no error accumulates.
    public func set(_ newTime: CFTimeInterval) {
        precondition(newTime.isFinite, "ManualClock time must be finite")
        time.withLock { $0 = newTime }
    }

    /// Moves the time forward by `interval` seconds.
    public func advance(by interval: CFTimeInterval) {
        precondition(interval.isFinite, "ManualClock interval must be finite")
        time.withLock { $0 += interval }
    }
}
