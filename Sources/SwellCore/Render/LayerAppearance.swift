/// A value a layer's `contents` may hold that a render snapshot can carry
/// as it is: immutable and `Sendable`. A ``CGContext`` is carried as its
/// ``CGContext/Recording``; contents of any other type are not rendered.
public protocol RenderableContents: Sendable {}

extension CGContext.Recording: RenderableContents {}

/// The part of a layer's committed state that a visual renderer needs and
/// that is not an animatable property: what its contents are, how its
/// corners and sublayers' geometry are drawn, and whether its first child
/// in the snapshot is its mask. Published in every ``LayerRecord``, beside
/// the subclass's own ``CALayer/renderState``.
public struct LayerAppearance: Sendable {
    /// The contents: a ``CGContext/Recording`` when the layer drew itself,
    /// or a ``RenderableContents`` value; nil otherwise.
    public let contents: (any RenderableContents)?
    /// Whether the sublayers' geometry is flipped (y up from the bottom of
    /// the bounds), as `isGeometryFlipped`.
    public let isGeometryFlipped: Bool
    /// The corners `cornerRadius` rounds.
    public let maskedCorners: CACornerMask
    public let cornerCurve: CALayerCornerCurve
    /// Whether opacity applies to the layer and its sublayers as one group
    /// (`allowsGroupOpacity`).
    public let allowsGroupOpacity: Bool
    /// Whether the layer has a mask: the snapshot records the mask as the
    /// layer's first child, before its sublayers.
    public let hasMask: Bool

    init(of layer: CALayer) {
        switch layer.contents {
        case let context as CGContext: contents = context.recording
        case let value as any RenderableContents: contents = value
        default: contents = nil
        }
        isGeometryFlipped = layer.isGeometryFlipped
        maskedCorners = layer.maskedCorners
        cornerCurve = layer.cornerCurve
        allowsGroupOpacity = layer.allowsGroupOpacity
        hasMask = layer.mask != nil
    }
}
