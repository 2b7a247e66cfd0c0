import Foundation

/// A shape item that reshapes every path above it in its group, its
/// nested groups' included: round corners (`"rd"`), zig zag (`"zz"`),
/// pucker and bloat (`"pb"`), offset paths (`"op"`). A path meets them in
/// order, nearest first, each working on what the one before it made.
enum LottiePathModifier: Sendable {
    /// `"r"`: the corners' radius.
    case roundCorners(radius: LottieProperty<[Double]>)
    case zigZag(LottieZigZag)
    /// `"a"`: in percent, positive bloats (vertices towards the path's
    /// centre, handles away), negative puckers.
    case puckerBloat(amount: LottieProperty<[Double]>)
    case offset(LottieOffsetPath)

    init(_ node: LottieNode, type: String) throws(LottieFailure) {
        switch type {
        case "rd":
            self = .roundCorners(radius: try PropertyReader.vector(node["r"], default: [0]))
        case "zz":
            self = .zigZag(try LottieZigZag(node))
        case "pb":
            self = .puckerBloat(amount: try PropertyReader.vector(node["a"], default: [0]))
        default:
            self = .offset(try LottieOffsetPath(node))
        }
    }

    /// The frames at which any of its values has a keyframe.
    var keyTimes: [Double] {
        switch self {
        case .roundCorners(let radius): radius.keyTimes
        case .zigZag(let zigZag): zigZag.size.keyTimes + zigZag.ridges.keyTimes + zigZag.smooth.keyTimes
        case .puckerBloat(let amount): amount.keyTimes
        case .offset(let offset): offset.amount.keyTimes + offset.miterLimit.keyTimes
        }
    }
}

/// Zig zag (`"zz"`): `"r"` ridges on each segment (at most 1000 are
/// drawn, for a file that asks for more than it could draw), `"s"` their
/// size (the distance each point moves off the path), `"pt"` 1 corner
/// points or 2 smooth ones.
struct LottieZigZag: Sendable {
    var ridges: LottieProperty<[Double]>
    var size: LottieProperty<[Double]>
    var smooth: LottieProperty<[Double]>

    init(_ node: LottieNode) throws(LottieFailure) {
        ridges = try PropertyReader.vector(node["r"], default: [0])
        size = try PropertyReader.vector(node["s"], default: [0])
        smooth = try PropertyReader.vector(node["pt"], default: [1])
    }
}

/// Offset paths (`"op"`): `"a"` the distance, outwards for a clockwise
/// path; `"lj"` the join of the moved segments, 1 miter, 2 round, 3
/// bevel; `"ml"` the miter limit.
struct LottieOffsetPath: Sendable {
    var amount: LottieProperty<[Double]>
    var join: Int
    var miterLimit: LottieProperty<[Double]>

    init(_ node: LottieNode) throws(LottieFailure) {
        amount = try PropertyReader.vector(node["a"], default: [0])
        join = Int(try node.number("lj", default: 1))
        miterLimit = try PropertyReader.vector(node["ml"], default: [4])
    }
}
