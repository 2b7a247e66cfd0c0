import Foundation
import SwellCore

/// `CATransformLayer` (Apple's CATransformLayer reference): it draws
/// nothing of its own and does not flatten its sublayers. Each of them —
/// and, through nested transform layers, theirs — keeps its full 3D matrix
/// into the transform layer's superlayer, and they are drawn back to front
/// by the depth of their centres there (larger z is nearer the viewer, as
/// `zPosition`), each then flattened on its own.
extension Compositor {
    /// Draws the transform layer at `index`, whose matrix into its
    /// superlayer's space is `matrix`; `plane` maps that space to the device.
    func drawTransformLayer(_ index: Int, _ state: LayerState, matrix: CATransform3D, on cr: OpaquePointer,
                            plane: Homography, alpha: Double, orientation: Double) {
        guard !state.isHidden, state.opacity > 0 else { return }
        var placed: [(index: Int, state: LayerState, matrix: CATransform3D, depth: Double)] = []
        func collect(_ parent: Int, _ parentState: LayerState, _ parentMatrix: CATransform3D) {
            let toParent = parentState.sublayerMatrix(flipped: parentState.isGeometryFlipped)
            for child in layout.sublayers[parent] {
                let childState = self.state(of: child)
                guard !childState.isHidden else { continue }
                var childMatrix = childState.matrixToSuperlayer
                if let toParent { childMatrix = CATransform3DConcat(childMatrix, toParent) }
                childMatrix = CATransform3DConcat(childMatrix, parentMatrix)
                if records[child].layerClass is CATransformLayer.Type {
                    collect(child, childState, childMatrix)
                } else {
                    placed.append((child, childState, childMatrix, Self.depth(of: childState.bounds, under: childMatrix)))
                }
            }
        }
        collect(index, state, matrix)
        let order = placed.indices.sorted { (placed[$0].depth, $0) < (placed[$1].depth, $1) }
        for k in order {
            draw(placed[k].index, placed[k].state, on: cr, plane: Homography(plane: placed[k].matrix).concatenating(plane),
                 alpha: alpha * Double(state.opacity), orientation: orientation)
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
