import Foundation
import SwellCore

/// What a renderer derives from a snapshot once and reuses for every frame
/// of it: each record's model state, its sublayers, its mask, its animated
/// keys. A snapshot lives until the next commit, and while animations run
/// many frames are rendered from one.
final class SnapshotLayout: Sendable {
    let snapshot: RenderSnapshot
    let modelStates: [LayerState]
    /// Each layer's sublayers, back to front, its mask excluded.
    let sublayers: [[Int]]
    /// Each layer's mask, or -1.
    let masks: [Int]
    /// Each layer's animated keys that ``LayerState`` knows.
    let animatedKeys: [[String]]

    init(_ snapshot: RenderSnapshot) {
        self.snapshot = snapshot
        let records = snapshot.records
        var sublayers = [[Int]](repeating: [], count: records.count)
        for (i, parent) in snapshot.parents.enumerated() where parent >= 0 && snapshot.masks[parent] != i {
            sublayers[parent].append(i)
        }
        self.sublayers = sublayers
        masks = snapshot.masks
        modelStates = records.map(LayerState.init(model:))
        let known = Set(LayerState.keys)
        animatedKeys = records.map { $0.animatedKeys.filter(known.contains) }
    }

    /// The state of the layer at `index` as `frame` presents it.
    func state(at index: Int, in frame: PresentationFrame) -> LayerState {
        state(at: index) { frame.value(ofLayerAt: index, forKey: $0) }
    }

    /// The state of the layer at `index` with its animated keys' values
    /// from `presentedValue`.
    func state(at index: Int, presentedValue: (String) -> (any Animatable)?) -> LayerState {
        var state = modelStates[index]
        for key in animatedKeys[index] {
            if let value = presentedValue(key) { state.apply(value, forKey: key) }
        }
        return state
    }
}
