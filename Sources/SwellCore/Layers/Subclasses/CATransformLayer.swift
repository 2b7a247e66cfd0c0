import Foundation

/// A layer that only arranges its sublayers in 3D — Core Animation's
/// `CATransformLayer` ("iOS Core Animation: Advanced Techniques", chapter
/// 6: a cube built from six faces).
///
/// An ordinary layer flattens its sublayers into its own plane; a transform
/// layer does not: its sublayers keep their 3D positions under its
/// transform and are sorted by depth with the layers around them. It draws
/// nothing of its own — no background, contents, border or shadow — as
/// Apple's reference says; a renderer tells it by its record's
/// `layerClass`. Having no plane, it is never the layer a hit test returns,
/// though its sublayers can be.
open class CATransformLayer: CALayer {
    /// False: only the sublayers can contain a point.
    open override func contains(_ p: CGPoint) -> Bool {
        false
    }
}
