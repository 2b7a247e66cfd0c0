import Foundation
import SwellCore

/// `CATransformLayer` (Apple's CATransformLayer reference): it draws
/// nothing of its own and does not flatten its sublayers. Each of them —
/// and, through nested transform layers, theirs — keeps its full 3D matrix
/// into the transform layer's superlayer, and they are drawn back to front
/// by the depth of their centres there (larger z is nearer the viewer, as
/// `zPosition`), each then flattened on its own.
extension Compositor {
    /// A layer kept in 3D: drawn by the compositor that knows its time
    /// (a replicator instance shifts it), under its whole matrix, tinted
    /// by a replicator instance's colour when it has one.
    struct PlacedLayer {
        let compositor: Compositor
        let index: Int
        let state: LayerState
        let matrix: CATransform3D
        let depth: Double
        let tint: [Double]?
    }

    /// Draws the transform layer at `index`, whose matrix into its
    /// superlayer's space is `matrix`; `plane` maps that space to the device.
    func drawTransformLayer(_ index: Int, _ state: LayerState, matrix: CATransform3D, on cr: OpaquePointer,
                            plane: Homography, alpha: Double, orientation: Double) {
        guard !state.isHidden, state.opacity > 0 else { return }
        let toParent = state.sublayerMatrix(flipped: state.isGeometryFlipped)
        let inner = toParent.map { CATransform3DConcat($0, matrix) } ?? matrix
        drawByDepth(placed(layout.sublayers[index], toParent: inner, tint: nil), on: cr, plane: plane,
                    alpha: alpha * Double(state.opacity), orientation: orientation)
    }

    /// `children` and the sublayers of the transform layers among them,
    /// with their matrices into the space `toParent` maps to.
    func placed(_ children: [Int], toParent: CATransform3D, tint: [Double]?) -> [PlacedLayer] {
        children.flatMap { child -> [PlacedLayer] in
            let childState = state(of: child)
            guard !childState.isHidden else { return [] }
            let matrix = CATransform3DConcat(childState.matrixToSuperlayer, toParent)
            guard records[child].layerClass is CATransformLayer.Type else {
                return [PlacedLayer(compositor: self, index: child, state: childState, matrix: matrix,
                                    depth: Self.depth(of: childState.bounds, under: matrix), tint: tint)]
            }
            let inner = childState.sublayerMatrix(flipped: childState.isGeometryFlipped)
            return placed(layout.sublayers[child], toParent: inner.map { CATransform3DConcat($0, matrix) } ?? matrix,
                          tint: tint)
        }
    }

    /// Draws `placed` back to front by depth, ties in order.
    func drawByDepth(_ placed: [PlacedLayer], on cr: OpaquePointer, plane: Homography, alpha: Double,
                     orientation: Double) {
        for k in placed.indices.sorted(by: { (placed[$0].depth, $0) < (placed[$1].depth, $1) }) {
            let layer = placed[k]
            Self.tinting(by: layer.tint, on: cr) {
                layer.compositor.placing(layer.index, under: layer.matrix)
                    .draw(layer.index, layer.state, on: cr, plane: Homography(plane: layer.matrix).concatenating(plane),
                          alpha: alpha, orientation: orientation)
            }
        }
    }

    /// The z of the centre of `bounds` under `matrix` (row vectors, then
    /// the division by w).
    static func depth(of bounds: CGRect, under m: CATransform3D) -> Double {
        let (x, y) = (Double(bounds.midX), Double(bounds.midY))
        let z = x * m.m13 + y * m.m23 + m.m43
        let w = x * m.m14 + y * m.m24 + m.m44
        return w != 0 ? z / w : z
    }
}
