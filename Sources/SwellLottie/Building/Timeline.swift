import Foundation

/// How a property's keyframe frames reach the time of the layer that
/// animates it (docs/lottie.md#time).
///
/// A composition's layers run on its frames: their keyframes are written
/// in them (a layer's start time `st` and stretch `sr` time its precomp's
/// composition, not its own keyframes, which Bodymovin writes in the
/// composition's frames), so they stay `CAKeyframeAnimation` keyframes. A
/// precomp's composition gets its own time from the layer timing of its
/// container. Time remapping (`"tm"`) is no linear map: under it, every
/// property is sampled frame by frame over `range`, each sample the
/// property's value at the remapped frame.
enum Timeline {
    /// The keyframes' frames are the animation layer's.
    case direct
    /// The property frame at each animation frame of `range`.
    case sampled(range: ClosedRange<Double>, frame: @Sendable (Double) -> Double)
}
