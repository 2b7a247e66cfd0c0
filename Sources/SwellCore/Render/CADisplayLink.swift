import Foundation

/// A timer synchronised with a render host's frames.
///
/// On Apple platforms a display link fires once per screen refresh; each
/// frame, layers that need display are displayed and the callback runs with
/// the frame's `timestamp` and the `targetTimestamp` of the next. Swell's
/// frames come from the host:
/// - on a ``ManualClock``, ``step()`` produces frame *k* at
///   `start + k / fps` exactly (computed from the frame counter, never by
///   summing intervals) and sets the clock to it;
/// - ``add(to:forMode:)`` fires it live from a run loop timer at
///   ``preferredFramesPerSecond`` on the host clock;
/// - an audio engine fires its display link once per audio period, on the
///   audio clock.
///
/// Every frame runs ``RenderHost/displayFrame(at:)`` — the tick, layout and
/// display pass — before the callback.
public final class CADisplayLink {
    /// The host whose frames this link delivers.
    public var host: RenderHost { unretainedHost }
    private unowned let unretainedHost: RenderHost
    /// The same host, retained — except for a host that owns its link, such
    /// as an audio engine, so that neither keeps the other alive.
    private let retainedHost: RenderHost?
    private let callback: (CADisplayLink) -> Void
    private var timer: Timer?
    private var frameCount = 0
    private var origin: CFTimeInterval?

    /// The time of the frame being delivered.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The interval between frames.
    public var duration: CFTimeInterval { 1 / Double(framesPerSecond) }
    /// The frame rate asked for; 0 means the default, 60.
    public var preferredFramesPerSecond = 0 {
        didSet { frameCount = 0; origin = nil }
    }
    /// The frame rates asked for, the newer spelling of
    /// ``preferredFramesPerSecond``: the link runs at `preferred`, else at
    /// `maximum`; ``CAFrameRateRange/default`` is 60.
    public var preferredFrameRateRange = CAFrameRateRange.default {
        didSet {
            let rate = preferredFrameRateRange.preferred.flatMap { $0 > 0 ? $0 : nil } ?? preferredFrameRateRange.maximum
            preferredFramesPerSecond = Int(rate.rounded())
        }
    }

    /// A paused link delivers no frames.
    public var isPaused = false

    private var framesPerSecond: Int { preferredFramesPerSecond > 0 ? preferredFramesPerSecond : 60 }

    /// A display link calling `callback` every frame of `host`.
    public init(host: RenderHost, callback: @escaping (CADisplayLink) -> Void) {
        unretainedHost = host
        retainedHost = host
        self.callback = callback
    }

    /// A display link of a host that owns it and outlives it: the link does
    /// not retain the host.
    package init(owner host: RenderHost, callback: @escaping (CADisplayLink) -> Void) {
        unretainedHost = host
        retainedHost = nil
        self.callback = callback
    }

    /// A display link calling `action` on `target` every frame — the Swift
    /// form of `CADisplayLink(target:selector:)`. The target is held
    /// strongly, as QuartzCore does, until ``invalidate()``.
    public convenience init<Target: AnyObject>(host: RenderHost, target: Target,
                                               action: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.init(host: host) { link in action(target)(link) }
    }

    /// Delivers the next frame on a manual clock: frame *k* at
    /// `start + k / fps`, where `start` is the clock's time at the first step.
    public func step() {
        guard !isPaused else { return }
        let start = origin ?? host.clock.currentTime
        origin = start
        let time = start + Double(frameCount) / Double(framesPerSecond)
        frameCount += 1
        (host.clock as? ManualClock)?.set(time)
        fire(timestamp: time, targetTimestamp: start + Double(frameCount) / Double(framesPerSecond))
    }

    /// Delivers a frame at `timestamp`, the next being at `targetTimestamp`.
    /// Hosts that produce their own frames (an audio engine's periods) call this.
    public func fire(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval) {
        guard !isPaused else { return }
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        host.displayFrame(at: host.displayTime(timestamp: timestamp, targetTimestamp: targetTimestamp))
        callback(self)
    }

    /// Fires the link live from `runloop`'s timer at the preferred rate.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        timer?.invalidate()
        // The timer fires on `runloop`'s thread, the thread that owns the
        // link and its layers.
        nonisolated(unsafe) weak let link = self
        let timer = Timer(timeInterval: duration, repeats: true) { _ in
            guard let link else { return }
            let now = link.host.clock.currentTime
            link.fire(timestamp: now, targetTimestamp: now + link.duration)
        }
        runloop.add(timer, forMode: mode)
        self.timer = timer
    }

    /// Stops firing from `runloop`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        timer?.invalidate()
        timer = nil
    }

    /// Stops the link for good.
    public func invalidate() {
        timer?.invalidate()
        timer = nil
        isPaused = true
    }
}
