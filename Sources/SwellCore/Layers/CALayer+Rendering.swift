import Foundation

extension CALayer {
    /// Renders the layer and its sublayers into `ctx`. As Apple documents,
    /// "this method renders directly from the layer tree, ignoring any
    /// animations added to the render tree. Renders in the coordinate space
    /// of the layer": the layer's bounds land where the context's current
    /// matrix maps them, and the layer's own position and transform play no
    /// part; its sublayers are placed, clipped, masked and shadowed as on
    /// screen.
    ///
    /// Swell's context records: the tree's model is taken now (layers that
    /// need layout or display get it first) and kept in the recording, and
    /// the renderer that replays the recording composites it
    /// (docs/render.md#drawing-a-layer-tree-into-a-context).
    public func render(in ctx: CGContext) {
        ctx.drawTree(of: self)
    }
}
