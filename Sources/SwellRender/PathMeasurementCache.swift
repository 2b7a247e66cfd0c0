import SwellCore

/// The arc-length measurements of the paths shape layers stroke in part
/// (`strokeStart`, `strokeEnd`), by path: a path drawn on over many frames
/// — a Lottie trim path's usual work — stays the same while its ends
/// move, and measuring it integrates every segment's length. A
/// measurement is a function of the path alone, so a stored one is what a
/// new one would be, and never changes a picture.
final class PathMeasurementCache: Sendable {
    /// The most measurements kept; the least recently used half goes
    /// beyond it.
    let capacity: Int
    private struct Entry {
        let measurement: PathMeasurement
        var lastUse: UInt64
    }
    private struct State {
        var entries: [PathValue: Entry] = [:]
        var clock: UInt64 = 0
    }
    private let state = Locked(State())

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The measurement of `path`, made (outside the lock) when missing.
    func measurement(of path: PathValue) -> PathMeasurement {
        let found: PathMeasurement? = state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[path] else { return nil }
            entry.lastUse = state.clock
            state.entries[path] = entry
            return entry.measurement
        }
        if let found { return found }
        let measurement = PathMeasurement(path)
        state.withLock { state in
            state.entries[path] = Entry(measurement: measurement, lastUse: state.clock)
            if state.entries.count > capacity {
                let kept = state.entries.sorted { $0.value.lastUse > $1.value.lastUse }.prefix(capacity / 2)
                state.entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
        return measurement
    }

    /// How many measurements are stored.
    var count: Int { state.withLock { $0.entries.count } }
}
