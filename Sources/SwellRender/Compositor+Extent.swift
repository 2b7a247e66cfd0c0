import Foundation
import SwellCore

/// Where a layer's subtree can paint, in the layer's own space: what
/// bounds an offscreen group, a flattened plane and a shadow's mask.
extension Compositor {
    /// The bounding box of what the layer and its subtree paint: the
    /// bounds, the shadow, the kind's drawing, an image placed by its
    /// gravity, the sublayers (unless
    /// `masksToBounds` clips them), all within the mask's extent. Infinite
    /// when a drawer cannot say where it paints.
    func extent(of index: Int, _ state: LayerState, includingShadow: Bool = true) -> CGRect {
        let record = records[index]
        var box = state.bounds
        if let drawer = drawers.drawer(for: record) {
            box = box.union(drawer.paintedBounds(of: presented(index, state)) ?? .infinite)
        }
        let shown = shownContents(index, state)
        if case .bitmap(let bitmap)? = shown.contents, let placed = placement(of: bitmap, shown.state) {
            box = box.union(placed.place)
        }
        if !state.masksToBounds && !layout.sublayers[index].isEmpty
            && (record.layerClass is CAReplicatorLayer.Type || record.layerClass is CATransformLayer.Type) {
            // Copies and 3D sublayers: not bounded here.
            box = .infinite
        } else if !state.masksToBounds {
            let toParent = state.sublayerMatrix(flipped: state.isGeometryFlipped)
            for child in layout.sublayers[index] {
                let childState = self.state(of: child)
                guard !childState.isHidden, childState.opacity > 0 else { continue }
                var matrix = childState.matrixToSuperlayer
                if let toParent { matrix = CATransform3DConcat(matrix, toParent) }
                box = box.union(image(of: extent(of: child, childState), under: Homography(plane: matrix)))
            }
        }
        if includingShadow && state.castsShadow {
            box = box.union(shadowExtent(casting: state.shadowPath?.boundingBoxOfPath ?? box, state))
        }
        let mask = layout.masks[index]
        if mask >= 0 {
            let maskState = self.state(of: mask)
            box = box.intersection(image(of: extent(of: mask, maskState), under: Homography(plane: maskState.matrixToSuperlayer)))
        }
        return box
    }

    /// Where a shadow cast by `shape` paints: offset by `shadowOffset` and
    /// widened by three standard deviations of its blur.
    func shadowExtent(casting shape: CGRect, _ state: LayerState) -> CGRect {
        let margin = 3 * max(state.shadowRadius, 0) + 1
        return shape.offsetBy(dx: state.shadowOffset.width, dy: state.shadowOffset.height)
            .insetBy(dx: -margin, dy: -margin)
    }

    /// The bounding box of `box`'s image under `plane`; infinite for an
    /// infinite box, null when none of it is in front of the eye.
    private func image(of box: CGRect, under plane: Homography) -> CGRect {
        guard !box.isNull else { return .null }
        guard box.width.isFinite, box.height.isFinite else { return .infinite }
        return PlaneClipping.imageBounds(of: box, under: plane) ?? .null
    }
}
