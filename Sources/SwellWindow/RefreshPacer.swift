import Glibc

/// Paces a window's frames at the display's refresh when presenting does
/// not wait for the vertical blank (an X server without GL, such as Xvfb):
/// frame k is due at `origin + k / rate` on `CLOCK_MONOTONIC`, computed
/// from the count, and the thread sleeps to an absolute deadline
/// (`clock_nanosleep` with `TIMER_ABSTIME`), so neither the sleeps'
/// overshoot nor the work between them accumulates. A frame that misses its
/// deadline is shown at once and the count moves to the next deadline
/// still ahead: late frames drop, they do not pile up.
///
/// With vertical sync, the present call itself waits, and the pacer only
/// reads the clock.
public struct RefreshPacer {
    public let interval: Double
    private let usesTimer: Bool
    private var origin: Double?
    private var frame: Int64 = 0
    private var lastReturn: Double?

    public init(refreshRate: Double, hasVSync: Bool) {
        interval = 1 / refreshRate
        usesTimer = !hasVSync
    }

    /// Waits until the next frame is due (without vertical sync) and
    /// counts it.
    public mutating func waitForNextRefresh() {
        let now = Self.now()
        defer { lastReturn = Self.now() }
        guard usesTimer else { return }
        guard let origin else {
            origin = now
            return
        }
        frame += 1
        let due = origin + Double(frame) * interval
        guard due > now else {
            frame = Int64(((now - origin) / interval).rounded(.down))
            return
        }
        var deadline = timespec(tv_sec: Int(due), tv_nsec: Int((due - due.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }

    /// When the next ``waitForNextRefresh()`` is expected to return, on
    /// `CLOCK_MONOTONIC`: a frame presented then is seen then.
    public var nextRefresh: Double {
        let now = Self.now()
        guard let origin = usesTimer ? origin : lastReturn else { return now }
        let due = usesTimer ? origin + Double(frame + 1) * interval : origin + interval
        return max(now, due)
    }

    /// Seconds on `CLOCK_MONOTONIC`.
    public static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
