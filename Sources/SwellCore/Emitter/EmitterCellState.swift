import Foundation

/// An emitter cell as its layer committed it: immutable, so a renderer on
/// any thread can read it while the owning thread edits the cell object.
///
/// ``CAEmitterLayer`` freezes its cells into these when ``CAEmitterLayer/emitterCells``
/// is set. A particle refers to the state of the cell that emitted it, which
/// carries what the renderer draws: ``contents``, ``contentsRect``,
/// ``contentsScale`` and the filters.
public final class EmitterCellState: Sendable {
    public let name: String?
    /// The key path prefix that reaches the cell's attributes on the layer
    /// (`"emitterCells.fire."`), or nil when the cell or one of its parents
    /// has no name.
    public let keyPrefix: String?
    /// Every attribute of the cell, by key, as it was frozen.
    let attributes: [String: any Animatable]
    public let timing: MediaTiming
    /// The cell's contents. Like a `CGImage`, contents are treated as
    /// immutable once given to a cell; the renderer only reads them.
    nonisolated(unsafe) public let contents: Any?
    public let contentsRect: CGRect
    public let contentsScale: CGFloat
    public let minificationFilter: String
    public let magnificationFilter: String
    public let minificationFilterBias: Float
    /// The sub-cells every particle of this cell emits.
    public let emitterCells: [EmitterCellState]

    /// Freezes `cell` and its sub-cells; `parentPrefix` is the key path of
    /// the cell's parent (`""` for the layer), nil when unreachable.
    init(_ cell: CAEmitterCell, parentPrefix: String?) {
        name = cell.name
        keyPrefix = parentPrefix.flatMap { prefix in cell.name.map { "\(prefix)emitterCells.\($0)." } }
        var attributes = cell.defaults
        attributes.merge(cell.values) { _, set in set }
        self.attributes = attributes
        timing = cell.timing
        contents = cell.contents
        contentsRect = cell.contentsRect
        contentsScale = cell.contentsScale
        minificationFilter = cell.minificationFilter
        magnificationFilter = cell.magnificationFilter
        minificationFilterBias = cell.minificationFilterBias
        let prefix = keyPrefix
        emitterCells = (cell.emitterCells ?? []).map { EmitterCellState($0, parentPrefix: prefix) }
    }

    /// The cells of the tree rooted here, parents before children.
    func forEachInTree(_ body: (EmitterCellState) -> Void) {
        body(self)
        for cell in emitterCells { cell.forEachInTree(body) }
    }
}

/// What an emitter layer publishes with each commit beside its animatable
/// properties (``CALayer/renderState``): its frozen cells and the
/// properties that do not animate.
public struct EmitterRenderState: Sendable {
    public let emitterCells: [EmitterCellState]
    public let emitterShape: CAEmitterLayerEmitterShape
    public let emitterMode: CAEmitterLayerEmitterMode
    public let renderMode: CAEmitterLayerRenderMode
    /// Whether particles keep their z in the layer's 3D space; when false a
    /// renderer flattens them into the layer's plane (z only orders them).
    public let preservesDepth: Bool
    public let seed: UInt32
}
