/// The cells' attributes as layer properties.
///
/// QuartzCore reaches a named cell through the layer's key paths —
/// `emitter.setValue(0, forKeyPath: "emitterCells.fire.birthRate")`,
/// `CABasicAnimation(keyPath: "emitterCells.fire.emitterCells.spark.velocity")`
/// — and that is how a cell changes once its layer emits it. Swell makes each
/// such path a dynamic property of the layer, whose default is the frozen
/// cell's value: setting, animating and presenting it then work as for any
/// layer property, and the particle model reads it from the committed
/// snapshot at each particle's birth.
extension CAEmitterLayer {
    static let cellKeyPrefix = "emitterCells."

    /// Freezes the cells and makes their attributes layer properties,
    /// replacing those of the previous cells (and their set values).
    func adoptCells() {
        cellStates = (emitterCells ?? []).map { EmitterCellState($0, parentPrefix: "") }
        undeclaredDefaults = undeclaredDefaults.filter { !$0.key.hasPrefix(Self.cellKeyPrefix) }
        values = values.filter { !$0.key.hasPrefix(Self.cellKeyPrefix) }
        for top in cellStates {
            top.forEachInTree { cell in
                guard let prefix = cell.keyPrefix else { return }
                for (key, value) in cell.attributes { undeclaredDefaults[prefix + key] = value }
            }
        }
        setNeedsCommit()
    }

    /// Sets a named cell's attribute on the cell object too, so that
    /// reading `cell.birthRate` gives what the layer emits with, as on
    /// Apple's platforms.
    func forwardToCell(_ value: Any?, keyPath: String) {
        if let (cell, key) = cellAttribute(atKeyPath: keyPath), defaultValue(forProperty: keyPath) != nil {
            cell.setValue(value, forKey: key)
        }
    }

    /// The cell object a path such as `"emitterCells.fire.emitterCells.spark"`
    /// names, and the attribute key after it; nil for other paths.
    func cellAttribute(atKeyPath keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        var parts = keyPath.split(separator: ".").map(String.init)[...]
        var cells = emitterCells ?? []
        var found: CAEmitterCell?
        while parts.count >= 3, parts.first == "emitterCells" {
            guard let cell = cells.first(where: { $0.name == parts[parts.startIndex + 1] }) else { return nil }
            found = cell
            cells = cell.emitterCells ?? []
            parts = parts.dropFirst(2)
        }
        guard let cell = found, parts.count == 1, let key = parts.first else { return nil }
        return (cell, key)
    }
}
