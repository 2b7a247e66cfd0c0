import Foundation
import SwellCore

/// Where a layer's plane goes in its superlayer's (Apple's CALayer
/// reference, `anchorPoint`, `position`, `transform`, `sublayerTransform`):
/// the anchor point moves to the origin, `transform` applies, the anchor
/// lands on `position` at `zPosition`; then the superlayer's
/// `sublayerTransform` turns it about the superlayer's anchor point. The
/// same matrices as `CALayer.frame` and `convert(_:from:)` use.
extension LayerState {
    /// The anchor point in the layer's own coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The matrix from the layer's space to its superlayer's, before the
    /// superlayer's sublayer matrix.
    var matrixToSuperlayer: CATransform3D {
        let anchor = anchorInBounds
        var matrix = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        matrix = CATransform3DConcat(matrix, transform)
        return CATransform3DConcat(matrix, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// What the layer does to its sublayers' matrices: flips them when
    /// `isGeometryFlipped` (y measured up from the bottom of the bounds),
    /// then applies `sublayerTransform` about the anchor point. Nil when it
    /// does nothing.
    func sublayerMatrix(flipped: Bool) -> CATransform3D? {
        var matrix: CATransform3D?
        if flipped {
            matrix = CATransform3DConcat(CATransform3DMakeScale(1, -1, 1),
                                         CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
        }
        if !CATransform3DIsIdentity(sublayerTransform) {
            let pivot = anchorInBounds
            var about = CATransform3DConcat(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0), sublayerTransform)
            about = CATransform3DConcat(about, CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
            matrix = matrix.map { CATransform3DConcat($0, about) } ?? about
        }
        return matrix
    }
}
