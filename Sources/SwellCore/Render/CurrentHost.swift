import Foundation

/// The render host the calling thread is working on, which
/// ``CACurrentMediaTime()`` reads.
///
/// On Apple's platforms every layer tree runs on the one host clock, so
/// `animation.beginTime = CACurrentMediaTime() + 0.5` means "half a second
/// from now" for any layer. Swell's hosts have their own clocks — a manual
/// clock in tests, the audio clock in an engine — so "now" is the time of
/// the host whose tree the thread is changing: the host last given a root
/// layer on the thread, or, while a host runs scheduled events, display
/// frames or its animation life cycle there (callbacks and delegates
/// included), that host. Threads with no host read the monotonic clock.
/// The reference is weak: a host that goes away stops being current.
enum CurrentHost {
    private final class Slot {
        weak var host: RenderHost?
    }

    private static let key = "SwellCore.CurrentHost"

    private static var slot: Slot {
        let dictionary = Thread.current.threadDictionary
        if let slot = dictionary[key] as? Slot { return slot }
        let slot = Slot()
        dictionary[key] = slot
        return slot
    }

    /// The calling thread's current host, if any is alive.
    static var host: RenderHost? {
        get { slot.host }
        set { slot.host = newValue }
    }

    /// Runs `body` with `host` current on the calling thread, then restores
    /// the previous one.
    static func with<Result>(_ host: RenderHost, _ body: () throws -> Result) rethrows -> Result {
        let slot = self.slot
        let saved = slot.host
        slot.host = host
        defer { slot.host = saved }
        return try body()
    }
}
