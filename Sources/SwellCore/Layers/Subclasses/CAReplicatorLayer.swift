import Foundation

/// A layer that draws its sublayers several times — Core Animation's
/// `CAReplicatorLayer` ("iOS Core Animation: Advanced Techniques", chapter
/// 6: a ring of squares, a reflection).
///
/// Instance 0 is the sublayers as they are; instance k is instance k − 1
/// moved by `instanceTransform` about the replicator's centre, tinted by
/// `instanceColor` plus k times the colour offsets, and `instanceDelay`
/// seconds later in time. ``instances(presentedValue:)`` computes that for
/// a renderer. Defaults and animatable keys are those of Apple's
/// `CAReplicatorLayer` reference.
open class CAReplicatorLayer: CALayer {
    /// How many copies are drawn, the original included; 1 by default, 0
    /// or less draws none. Animatable (rounded to whole copies).
    @Dynamic("instanceCount", .implicit) public var instanceCount: Int = 1
    /// Whether the copies keep their depth and are sorted by it, as in a
    /// `CATransformLayer`, instead of being flattened into the replicator's
    /// plane; false by default.
    @Dynamic("preservesDepth") public var preservesDepth = false
    /// The time, in seconds, by which each copy lags the previous one: copy
    /// k shows its sublayers as they were k × `instanceDelay` earlier.
    /// Animatable; 0 by default.
    @Dynamic("instanceDelay", .implicit) public var instanceDelay: CFTimeInterval = 0
    /// The transform taking copy k − 1 to copy k, about the replicator's
    /// centre. Animatable; the identity by default.
    @Dynamic("instanceTransform", .implicit) public var instanceTransform: CATransform3D = CATransform3DIdentity
    /// The colour multiplying the first copy; nil means white. Animatable;
    /// opaque white by default.
    @Dynamic("instanceColor", .implicit) public var instanceColor: CGColor? = CGColor.white
    /// What each copy adds to the previous copy's colour, per component.
    /// Animatable; 0 by default.
    @Dynamic("instanceRedOffset", .implicit) public var instanceRedOffset: Float = 0
    @Dynamic("instanceGreenOffset", .implicit) public var instanceGreenOffset: Float = 0
    @Dynamic("instanceBlueOffset", .implicit) public var instanceBlueOffset: Float = 0
    @Dynamic("instanceAlphaOffset", .implicit) public var instanceAlphaOffset: Float = 0
}
