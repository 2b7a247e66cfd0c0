import Foundation

extension RenderSnapshot {
    /// The snapshot of the tree under `root`: every layer after its
    /// parent, a layer's mask recorded as its first child, then its
    /// sublayers in order, each layer's record made by `record`.
    convenience init(tree root: CALayer, commitTime: Double, record: (CALayer) -> LayerRecord) {
        var records: [LayerRecord] = [], parents: [Int] = [], masks: [Int] = []
        func visit(_ layer: CALayer, parent: Int) {
            let index = records.count
            records.append(record(layer))
            parents.append(parent)
            masks.append(-1)
            if let mask = layer.mask {
                masks[index] = records.count
                visit(mask, parent: index)
            }
            for child in layer.storedSublayers ?? [] { visit(child, parent: index) }
        }
        visit(root, parent: -1)
        self.init(commitTime: commitTime, records: records, parents: parents, masks: masks)
    }

    /// The model of the tree under `layer`, as ``CALayer/render(in:)``
    /// draws it: each layer laid out and displayed if it needs to be, as a
    /// commit would, and recorded with its model values and none of its
    /// animations.
    static func model(of layer: CALayer) -> RenderSnapshot {
        RenderSnapshot(tree: layer, commitTime: 0) { layer in
            layer.layoutIfNeeded()
            layer.displayIfNeeded()
            return LayerRecord.make(for: layer, animations: false)
        }
    }
}
