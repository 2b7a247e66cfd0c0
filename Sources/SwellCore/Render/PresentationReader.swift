/// A host's presentation, read from any thread: the snapshot in effect at
/// the host clock's time (``SnapshotTimeline``), evaluated then — what a layer's
/// `presentation()` holds on the owning thread, without touching a layer.
/// A control socket's `get` is answered with it on the connection's own
/// thread, at once (docs/control.md#requests), where a change waits for
/// the owning thread.
public struct PresentationReader: Sendable {
    let snapshots: Locked<SnapshotTimeline>
    let clock: any MediaClock

    /// The presented value at `keyPath` — a key, or a key and a field
    /// (`position.x`) — of the layer with `serial`, now; nil when the
    /// layer is not in the tree or has no such property.
    public func value(ofLayer serial: UInt64, keyPath: String) -> (any Animatable)? {
        let now = clock.currentTime
        guard let snapshot = snapshots.withLock({ $0.snapshot(at: now) }), let index = snapshot.index(ofSerial: serial)
        else { return nil }
        return snapshot.presentedValue(ofLayerAt: index, keyPath: keyPath, atHostTime: now)
    }
}

extension RenderHost {
    /// The host's presentation, for other threads.
    public var presentationReader: PresentationReader {
        PresentationReader(snapshots: published, clock: clock)
    }
}

extension RenderSnapshot {
    /// The presented value at `keyPath` of the layer at `index` at host
    /// time `time`: its track's value, or its committed model value, at the
    /// layer's local time — a field of it for a key path into a value.
    public func presentedValue(ofLayerAt index: Int, keyPath: String, atHostTime time: Double) -> (any Animatable)? {
        let record = records[index], local = localTime(ofLayerAt: index, hostTime: time)
        if let value = record.presentedValue(forKey: keyPath, atLayerTime: local, tolerance: 0) { return value }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        return record.presentedValue(forKey: String(keyPath[..<dot]), atLayerTime: local, tolerance: 0)?
            .componentValue(String(keyPath[keyPath.index(after: dot)...]))
    }
}
