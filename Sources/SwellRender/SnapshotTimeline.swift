import SwellCore

/// The snapshots a host published, in commit order, so that the frame for
/// a time shows the tree as committed by that time.
///
/// An audio engine's owning thread runs scheduled events ahead of what is
/// heard — as far as its render thread renders ahead, a device buffer and
/// more. A change committed at 2 s with an implicit animation must not
/// show at 1.95 s: its animation has not begun there, and the model value
/// would jump in a frame early. Core Animation's render server likewise
/// shows a transaction from the frame after its commit, never before.
public struct SnapshotTimeline {
    /// Ascending in commit time; the first is the one in effect before the
    /// times still to be drawn.
    private var snapshots: [RenderSnapshot] = []

    public init() {}

    /// Notes the host's latest snapshot, when it is a new one.
    public mutating func note(_ snapshot: RenderSnapshot?) {
        guard let snapshot, snapshot !== snapshots.last else { return }
        snapshots.append(snapshot)
    }

    /// The last snapshot committed at or before `time` (the first one when
    /// none was); the snapshots before it are forgotten, as times only move
    /// on.
    public mutating func snapshot(at time: Double) -> RenderSnapshot? {
        guard let index = snapshots.lastIndex(where: { $0.commitTime <= time }) else { return snapshots.first }
        snapshots.removeFirst(index)
        return snapshots.first
    }
}
