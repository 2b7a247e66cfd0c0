import Foundation

/// A shape item that reshapes every path above it in its group, its
/// nested groups' included: round corners (`"rd"`). A path meets them in
/// order, nearest first, each working on what the one before it made.
enum LottiePathModifier: Sendable {
    /// `"r"`: the corners' radius.
    case roundCorners(radius: LottieProperty<[Double]>)

    init(_ node: LottieNode) throws(LottieFailure) {
        self = .roundCorners(radius: try PropertyReader.vector(node["r"], default: [0]))
    }

    /// The frames at which any of its values has a keyframe.
    var keyTimes: [Double] {
        switch self {
        case .roundCorners(let radius): radius.keyTimes
        }
    }
}
