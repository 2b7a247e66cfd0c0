import SwellCore

/// A scene without sound in a live window: its host runs on a manual clock
/// that follows the machine's monotonic clock from the show's start, set
/// for each display frame — so the scene's scheduled events run at their
/// times and every frame is evaluated at one instant, as on a render
/// server.
public final class HostClockScene: LiveScene {
    public let host: RenderHost
    private let clock: ManualClock
    private let origin = RefreshPacer.now()
    private let end: Double?

    /// `host` on `clock` (the clock the host was made with), the show ending
    /// once the root layer's time reaches `end` (never when nil).
    public init(host: RenderHost, clock: ManualClock, end: Double?) {
        self.host = host
        self.clock = clock
        self.end = end
    }

    public var now: Double { RefreshPacer.now() - origin }

    /// Runs the events through `time` and sets the clock there: a change
    /// made before the next frame (a pause) takes effect at the time on
    /// screen.
    public func prepare(through time: Double) {
        host.runEvents(through: time)
        clock.set(max(clock.currentTime, time))
    }

    public func snapshot(at time: Double) -> RenderSnapshot? { host.latestSnapshot }

    public func isFinished(atSceneTime sceneTime: Double) -> Bool {
        end.map { sceneTime >= $0 } ?? false
    }
}
