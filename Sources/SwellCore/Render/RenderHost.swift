import Foundation
import HeapModule

/// A context that renders a layer tree on a clock: a headless context, an
/// audio engine, a visual renderer.
///
/// The host owns the link between the model tree and time:
/// - A transaction commit touching its tree calls `commit()`, which gives
///   animations added with `beginTime` 0 the commit time, builds the
///   records of changed layers and publishes an immutable ``RenderSnapshot``.
/// - ``CALayer/presentation()`` of a layer in the tree evaluates the snapshot in
///   effect at the host's ``currentTime`` (``SnapshotTimeline``) then; layers outside a hosted tree have no
///   presentation and get no implicit animations, as in QuartzCore.
/// - ``tick()`` runs the animation life cycle on the owning thread: it tells
///   delegates animations started and stopped, removes finished animations
///   (unless `isRemovedOnCompletion` is false) and lets transaction
///   completion blocks run.
/// - ``displayFrame(at:)`` is one display-link frame: a tick, layout, and
///   `display()` for every layer that asked for it or whose
///   `needsDisplay(forKey:)` keys are animating.
open class RenderHost {
    /// The clock the host renders on.
    public let clock: any MediaClock

    /// The root of the hosted tree. Setting it hosts the layer (removing it
    /// from any superlayer) and commits.
    public var rootLayer: CALayer? {
        didSet {
            guard oldValue !== rootLayer else { return }
            oldValue?.hostingContext = nil
            if let root = rootLayer {
                CurrentHost.host = self
                root.removeFromSuperlayer()
                root.hostingContext = self
                CATransaction.currentForChange().noteChange(of: root)
            }
            CATransaction.flush()
            if rootLayer == nil { publish(nil, at: commitTime) }
        }
    }

    private var snapshot: RenderSnapshot?
    let latest = Locked<RenderSnapshot?>(nil)
    /// The snapshots published since the one in effect at the clock's time:
    /// what the presentation is read from, on any thread, at a time the
    /// owning thread may have committed past (``SnapshotTimeline``).
    let published = Locked(SnapshotTimeline())
    private var live: [(layer: CALayer, animation: CAAnimation)] = []
    private var pinnedTime: Double?
    /// The events not yet run, earliest first. A binary heap
    /// (swift-collections' `Heap`): scheduling or running an event costs
    /// O(log n) in the events pending, not the O(n) of keeping an array
    /// sorted.
    private var events = Heap<ScheduledEvent>()
    private var scheduledCount = 0
    /// The time of the scheduled event being run, if one is.
    public private(set) var eventTime: CFTimeInterval?

    public init(clock: any MediaClock) {
        self.clock = clock
    }

    // MARK: Time

    /// The host's time: the clock's, or the frame's during a display frame
    /// (every layer in a frame is evaluated at the same instant).
    public var currentTime: CFTimeInterval { pinnedTime ?? clock.currentTime }

    /// The host time that animations added with `beginTime` 0 begin at: the
    /// time of the scheduled event being run, else the current time. An
    /// audio engine answers the time of the next frame it will render, so an
    /// animation is heard from its start.
    open var commitTime: CFTimeInterval { eventTime ?? currentTime }

    /// How far before its begin time an animation already counts as begun
    /// (see ``MediaTiming/phase(atParentTime:tolerance:)``).
    open var evaluationTolerance: Double { 0 }

    /// The time a display-link frame is evaluated at: its `timestamp` by
    /// default. An audio engine answers the `targetTimestamp`, the end of the
    /// period whose gain the frame sets.
    open func displayTime(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval) -> CFTimeInterval {
        timestamp
    }

    /// Runs `body` with the host's time pinned to `time`.
    /// The host is current on the calling thread meanwhile
    /// (``CACurrentMediaTime()`` reads `time`).
    public func withTime<Result>(_ time: CFTimeInterval, _ body: () throws -> Result) rethrows -> Result {
        let saved = pinnedTime
        pinnedTime = time
        defer { pinnedTime = saved }
        return try CurrentHost.with(self, body)
    }

    // MARK: Pausing

    /// Pauses the hosted tree: QA1673's `pauseLayer:` on the root layer
    /// (``CALayer/pause()``), at the commit time. Every way a session is
    /// paused — a control request, a window's space key — comes here, so a
    /// host that plays sound can override it to fade the sound out first
    /// (an audio engine does, docs/audio.md#pausing-without-a-click).
    open func pauseRootLayer() {
        rootLayer?.pause()
    }

    /// Resumes the hosted tree where ``pauseRootLayer()`` stopped it:
    /// QA1673's `resumeLayer:` on the root layer (``CALayer/resume()``).
    open func resumeRootLayer() {
        rootLayer?.resume()
    }

    /// Whether the hosted tree is paused, or on its way to being paused.
    open var isRootLayerPaused: Bool {
        rootLayer?.isPaused ?? false
    }

    // MARK: Jumping

    /// The host time a jump in the tree's time asked for now is committed
    /// at: the commit time. An audio engine answers the end of the fade it
    /// makes first (docs/audio.md#seeking-without-a-click), so a seek can
    /// say where the file is when it is heard there.
    open var jumpTime: CFTimeInterval { commitTime }

    /// Makes `jump`, a change that moves the tree's time — a seek shifting
    /// the root layer's `timeOffset` — in the caller's transaction, which
    /// commits at ``jumpTime``. Core Animation has no sound to care about a
    /// jump; an audio engine fades the mix out before it and back in after,
    /// as it does around a pause, so the files' jump is not heard as a click.
    open func performJump(_ jump: () -> Void) {
        jump()
    }

    // MARK: Scheduled events

    /// Runs `action` at host time `time`, inside a transaction committed at
    /// exactly that time, with the host's time pinned to it — so animations
    /// it adds begin at `time` and `presentation()` inside it shows the
    /// values at `time`. Events run, in time order (ties in the order they
    /// were scheduled), when ``runEvents(through:)`` reaches them: the way a
    /// script's timed events (docs/scripts.md#events) become Core Animation
    /// transactions.
    public func schedule(at time: CFTimeInterval, _ action: @escaping () -> Void) {
        precondition(time.isFinite, "event time must be finite")
        scheduledCount += 1
        events.insert(ScheduledEvent(time: time, order: scheduledCount, action: action))
        didSchedule()
    }

    /// The time of the earliest event not yet run.
    public var nextEventTime: CFTimeInterval? { events.min?.time }

    /// Runs the scheduled events whose time is at or before `time`.
    public func runEvents(through time: CFTimeInterval) {
        while let event = events.min, event.time <= time {
            events.removeMin()
            eventTime = event.time
            withTime(event.time) {
                CATransaction.begin()
                event.action()
                CATransaction.commit()
            }
            eventTime = nil
        }
    }

    /// Called after an event is scheduled; an audio engine re-limits its
    /// render thread so it does not pass the event.
    open func didSchedule() {}

    // MARK: Snapshots

    /// The last published snapshot; any thread may read it.
    public var latestSnapshot: RenderSnapshot? {
        latest.withLock { $0 }
    }

    /// Publishes the tree's committed state: resolves begin times of newly
    /// added animations to ``commitTime`` (in each layer's time space),
    /// rebuilds the records of changed layers and tells subclasses through
    /// ``didPublish(_:)``.
    func commit() {
        guard let root = rootLayer else { return }
        let time = commitTime
        var live: [(CALayer, CAAnimation)] = []
        let snapshot = RenderSnapshot(tree: root, commitTime: time) { layer in
            for (_, animation) in layer.animationEntries {
                guard let attachment = animation.attachment else { continue }
                if attachment.beginsAtCommit {
                    animation.beginTime = layer.convertTime(time, from: nil)
                    attachment.beginsAtCommit = false
                    layer.cachedRecord = nil
                }
                if !attachment.stopped { live.append((layer, animation)) }
            }
            let record = layer.cachedRecord ?? LayerRecord.make(for: layer)
            layer.cachedRecord = record
            return record
        }
        self.live = live
        publish(snapshot, at: time)
    }

    private func publish(_ newSnapshot: RenderSnapshot?, at time: CFTimeInterval) {
        snapshot = newSnapshot
        latest.withLock { $0 = newSnapshot }
        let now = clock.currentTime
        published.withLock { timeline in
            guard newSnapshot != nil else { timeline = SnapshotTimeline(); return }
            timeline.note(newSnapshot)
            timeline.forget(before: now)
        }
        didPublish(newSnapshot, at: time)
    }

    /// Called on the owning thread after every commit, with the commit time
    /// the snapshot's new animations begin at. Subclasses hand the snapshot
    /// to their renderers here.
    open func didPublish(_ snapshot: RenderSnapshot?, at time: CFTimeInterval) {}

    /// The presented values and timing of `layer` now, or nil when it has
    /// not been committed to this host.
    func presentedState(of layer: CALayer) -> (values: [String: any Animatable], timing: MediaTiming)? {
        guard let (record, time) = committedRecord(of: layer) else { return nil }
        return (record.presentedValues(atLayerTime: time, tolerance: evaluationTolerance), record.timing)
    }

    /// The value `layer.presentation()?.value(forKey: key)` has now, read
    /// from the committed snapshot without building the presentation copy:
    /// for a renderer that needs one property of a layer every audio
    /// period. Nil when the layer has not been committed to this host or
    /// has no such property.
    public func presentedValue(forKey key: String, of layer: CALayer) -> (any Animatable)? {
        guard let (record, time) = committedRecord(of: layer) else { return nil }
        return record.presentedValue(forKey: key, atLayerTime: time, tolerance: evaluationTolerance)
    }

    /// The record of `layer` in the snapshot in effect now — the latest
    /// unless the owning thread has committed ahead of the clock — and the
    /// layer's local time now.
    private func committedRecord(of layer: CALayer) -> (record: LayerRecord, localTime: Double)? {
        let now = currentTime
        guard let snapshot = published.withLock({ $0.snapshot(at: now) }),
              let index = snapshot.index(ofSerial: layer.serial) else { return nil }
        return (snapshot.records[index], snapshot.localTime(ofLayerAt: index, hostTime: now))
    }

    /// The committed model values of `layer`, or nil when it has not been
    /// committed to this host.
    func committedValues(of layer: CALayer) -> [String: any Animatable]? {
        guard let snapshot, let index = snapshot.index(ofSerial: layer.serial) else { return nil }
        return snapshot.records[index].values
    }

    // MARK: Life cycle

    /// Commits pending implicit changes, then runs the animation life cycle
    /// at ``currentTime``: start and stop notifications, removal of finished
    /// animations, transaction completions.
    public func tick() {
        CurrentHost.with(self, runLifeCycle)
    }

    private func runLifeCycle() {
        CATransaction.flush()
        let now = currentTime
        var finished = false
        for (layer, animation) in live {
            guard let attachment = animation.attachment, !attachment.stopped else { continue }
            let phase = animation.timing.phase(atParentTime: layer.localTime(fromHostTime: now),
                                               tolerance: evaluationTolerance)
            guard phase != .before else { continue }
            attachment.notifyStart(animation)
            guard phase == .after else { continue }
            finished = true
            if animation.isRemovedOnCompletion { layer.removeFinishedAnimation(animation) }
            if attachment.affectsDisplay { layer.setNeedsDisplay() }
            attachment.notifyStop(animation, finished: true)
        }
        if finished {
            live.removeAll { $0.animation.attachment?.stopped ?? true }
            CATransaction.flush()
        }
    }

    /// One display frame at `time`: a ``tick()``, then layout and display of
    /// the layers that need it, all with the host's time pinned to `time`.
    public func displayFrame(at time: CFTimeInterval) {
        withTime(time) {
            tick()
            guard let root = rootLayer else { return }
            root.forEachInTree { $0.layoutIfNeeded() }
            root.forEachInTree { layer in
                if layer.needsDisplayFlag || layer.hasDisplayAnimation(at: time) {
                    layer.needsDisplayFlag = false
                    layer.display()
                }
            }
            CATransaction.flush()
        }
    }
}

/// An action to run at a host time. Events order by time, then by the
/// order they were scheduled in (a count), so that ties run as scheduled.
private struct ScheduledEvent: Comparable {
    let time: CFTimeInterval
    let order: Int
    let action: () -> Void

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.order) < (rhs.time, rhs.order)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.order) == (rhs.time, rhs.order)
    }
}

extension CALayer {
    /// Whether an animation of one of the layer's `needsDisplay(forKey:)`
    /// keys has an effect at host time `time`.
    func hasDisplayAnimation(at time: CFTimeInterval) -> Bool {
        guard !animationEntries.isEmpty else { return false }
        let local = localTime(fromHostTime: time)
        return animationEntries.contains { entry in
            entry.animation.attachment?.affectsDisplay == true
                && entry.animation.timing.sample(atParentTime: local) != nil
        }
    }
}

extension CAAnimation {
    /// The key paths the animation changes.
    var animatedKeyPaths: [String] {
        switch self {
        case let group as CAAnimationGroup: (group.animations ?? []).flatMap(\.animatedKeyPaths)
        case is CATransition: [kCATransition]
        case let property as CAPropertyAnimation: property.keyPath.map { [$0] } ?? []
        default: []
        }
    }

    /// Whether the animation changes a key that makes `layer` redisplay.
    func affectsDisplay(of layer: CALayer) -> Bool {
        animatedKeyPaths.contains { path in
            let key = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
            return type(of: layer).needsDisplay(forKey: key) || type(of: layer).needsDisplay(forKey: path)
        }
    }
}
