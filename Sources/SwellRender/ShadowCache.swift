import Foundation
import SwellCore

/// A blurred shadow shape: an A8 image of the layer-space rectangle
/// `origin`, `size / scale`, at `scale` pixels per layer point.
struct ShadowMask: Sendable {
    let surface: ImageSurface
    let origin: CGPoint
    let scale: Double
}

/// What a shadow's blurred shape depends on — and nothing else, so that a
/// moving, turning or fading layer keeps its shadow.
struct ShadowKey: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        /// `shadowPath`, Core Animation's fast path.
        case path(PathValue)
        /// A layer that draws only its background and border.
        case box(bounds: CGRect, cornerRadius: CGFloat, corners: UInt, background: CGFloat,
                 borderWidth: CGFloat, border: CGFloat)
        /// Anything else: the records of the subtree, which are reused
        /// while their layers do not change.
        case subtree([ObjectIdentifier])
    }

    let shape: Shape
    let scale: Double
    let radius: CGFloat
    /// The quarter-pixel shift of the mask's content (``ShadowPhase``).
    var phase = ShadowPhase.zero
}

/// Blurred shadow shapes, kept while their layers do not change: blurring
/// is the costly part of a shadow, compositing a cached mask is cheap.
/// Shared by the renderer's threads, behind a mutex held only to look up
/// and store.
final class ShadowCache: Sendable {
    private struct Entry {
        let mask: ShadowMask
        /// Keeps the records of a `.subtree` key alive, so their identities
        /// are not reused while the key is stored.
        let records: [LayerRecord]
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ShadowKey: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most masks kept; the least recently used half goes beyond it.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The mask for `key`, made by `make` (outside the lock) when missing;
    /// nil when there is nothing to cast.
    func mask(for key: ShadowKey, records: [LayerRecord], make: () -> ShadowMask?) -> ShadowMask? {
        let found: ShadowMask? = state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else { return nil }
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.mask
        }
        if let found { return found }
        guard let mask = make() else { return nil }
        state.withLock { state in
            state.entries[key] = Entry(mask: mask, records: records, lastUse: state.clock)
            if state.entries.count > capacity {
                let kept = state.entries.sorted { $0.value.lastUse > $1.value.lastUse }.prefix(capacity / 2)
                state.entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
        return mask
    }

    /// How many masks are stored.
    var count: Int { state.withLock { $0.entries.count } }
}
