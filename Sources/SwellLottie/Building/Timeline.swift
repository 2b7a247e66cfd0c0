import Foundation

/// How a property's keyframe frames reach the time of the layer that
/// animates it (docs/lottie.md#time).
///
/// A composition's layers run on its frames. A layer's own keyframes are
/// shifted by its start time and stretch, `st + sr·f`, so they stay
/// `CAKeyframeAnimation` keyframes; a precomp's composition gets its own
/// time from the layer timing of its container. Time remapping (`"tm"`)
/// is no linear map: under it, every property is sampled frame by frame
/// over `range`, each sample the property's value at the remapped frame.
enum Timeline {
    /// The animation frame of property frame f is `offset + scale·f`.
    case linear(offset: Double, scale: Double)
    /// The property frame at each animation frame of `range`.
    case sampled(range: ClosedRange<Double>, frame: @Sendable (Double) -> Double)

    static let identity = Timeline.linear(offset: 0, scale: 1)

    /// The timeline of a layer's own properties: its start time and
    /// stretch applied.
    func shifted(startTime: Double, stretch: Double) -> Timeline {
        switch self {
        case .linear(let offset, let scale):
            return .linear(offset: offset + scale * startTime, scale: scale * stretch)
        case .sampled(let range, let frame):
            return .sampled(range: range) { (frame($0) - startTime) / stretch }
        }
    }

    /// The property frame shown at animation frame `frame`.
    func propertyFrame(_ frame: Double) -> Double {
        switch self {
        case .linear(let offset, let scale): (frame - offset) / scale
        case .sampled(_, let map): map(frame)
        }
    }
}
