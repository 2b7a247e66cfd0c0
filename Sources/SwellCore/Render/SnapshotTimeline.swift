/// The snapshots a host published, in commit order, so that what is read
/// for a time is the tree as committed by that time.
///
/// An audio engine's owning thread runs ahead of what is heard — its
/// changes commit at the next frame not yet rendered, and scheduled events
/// run as far ahead as the render thread renders, a device buffer and more.
/// A change committed at 2 s with an implicit animation must not show at
/// 1.95 s: its animation has not begun there, and the model value would
/// be presented early. Core Animation's render server likewise shows a
/// transaction from the frame after its commit, never before. The host
/// reads its presentation through one (``RenderHost/presentationReader``,
/// `presentation()`), and a window's frames through another.
public struct SnapshotTimeline: Sendable {
    /// Ascending in commit time; the first is the one in effect before the
    /// times still to be read.
    private var snapshots: [RenderSnapshot] = []

    public init() {}

    /// Notes the host's latest snapshot, when it is a new one.
    public mutating func note(_ snapshot: RenderSnapshot?) {
        guard let snapshot, snapshot !== snapshots.last else { return }
        snapshots.append(snapshot)
    }

    /// The last snapshot committed at or before `time` (the first one when
    /// none was).
    public func snapshot(at time: Double) -> RenderSnapshot? {
        guard let index = snapshots.lastIndex(where: { $0.commitTime <= time }) else { return snapshots.first }
        return snapshots[index]
    }

    /// Forgets the snapshots no time from `time` on reads: those before the
    /// one in effect at `time`.
    public mutating func forget(before time: Double) {
        guard let index = snapshots.lastIndex(where: { $0.commitTime <= time }) else { return }
        snapshots.removeFirst(index)
    }
}
