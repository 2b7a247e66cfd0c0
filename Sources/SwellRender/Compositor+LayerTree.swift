import Foundation
import CCairo
import SwellCore

/// A layer tree drawn into a context by `CALayer.render(in:)`.
extension Compositor {
    /// Composites `tree` in `context`'s current user space, under the
    /// context's clip: the root's coordinate space is mapped by the matrix
    /// recorded with the tree, then by the user space's own matrix, so the
    /// root's bounds land where they would in a context of the root's own
    /// size — Apple: "Renders in the coordinate space of the layer". The
    /// root's position and transform are not applied; its opacity,
    /// background, shadow, mask and border are, as are its sublayers'
    /// whole geometry. The tree has no animations, so any time presents it.
    static func composite(_ tree: CGContext.LayerTree, in context: LayerDrawingContext) {
        let snapshot = tree.snapshot
        let compositor = Compositor(layout: SnapshotLayout(snapshot), frame: snapshot.evaluate(atHostTime: 0),
                                    drawers: context.drawers, caches: context.caches)
        var user = cairo_matrix_t()
        cairo_get_matrix(context.cairo, &user)
        cairo_save(context.cairo)
        defer { cairo_restore(context.cairo) }
        let device = CGAffineTransform(a: user.xx, b: user.yx, c: user.xy, d: user.yy, tx: user.x0, ty: user.y0)
        compositor.draw(0, compositor.state(of: 0), on: context.cairo,
                        plane: Homography(tree.transform).concatenating(Homography(device)),
                        alpha: context.alpha * Double(tree.alpha), orientation: 1)
    }
}
