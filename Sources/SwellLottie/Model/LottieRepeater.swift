import Foundation

/// A repeater (`"rp"`): copies of everything above it in its group, paths
/// and styles, each moved by the repeater's transform once more than the
/// copy before it — `"c"` copies, the first moved `"o"` times — and faded
/// from the start opacity to the end one. `"m"` 1 draws each copy beneath
/// the one before it, 2 above it (as lottie-web and ThorVG stack them).
struct LottieRepeater: Sendable {
    var copies: LottieProperty<[Double]>
    var offset: LottieProperty<[Double]>
    var stacksAbove: Bool
    /// `"tr"`: anchor, position, scale in percent, rotation in degrees.
    var anchor: LottieProperty<[Double]>
    var position: LottieProperty<[Double]>
    var scale: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    /// `"so"`, `"eo"`: the first and the last copy's opacity, in percent.
    var startOpacity: LottieProperty<[Double]>
    var endOpacity: LottieProperty<[Double]>

    init(_ node: LottieNode) throws(LottieFailure) {
        copies = try PropertyReader.vector(node["c"], default: [1])
        offset = try PropertyReader.vector(node["o"], default: [0])
        stacksAbove = try node.number("m", default: 1) == 2
        let transform = node["tr"]
        anchor = try PropertyReader.vector(transform?["a"], default: [0, 0])
        position = try PropertyReader.vector(transform?["p"], default: [0, 0])
        scale = try PropertyReader.vector(transform?["s"], default: [100, 100])
        rotation = try PropertyReader.vector(transform?["r"], default: [0])
        startOpacity = try PropertyReader.vector(transform?["so"], default: [100])
        endOpacity = try PropertyReader.vector(transform?["eo"], default: [100])
    }

    /// The copies at a frame: a fraction of one counts as one, as in
    /// lottie-web; at most 1000, for a file that asks for more than it
    /// could draw.
    func count(at frame: Double) -> Int { Self.count(copies.scalar(at: frame)) }

    /// The most copies it ever has.
    var maximumCount: Int { copies.allValues.map { Self.count($0.first ?? 0) }.max() ?? 0 }

    private static func count(_ copies: Double) -> Int { Int(min(max(copies, 0), 1000).rounded(.up)) }

    /// The frames at which any of its values has a keyframe.
    var keyTimes: [Double] {
        [copies, offset, anchor, position, scale, rotation, startOpacity, endOpacity].flatMap(\.keyTimes)
    }
}
