import Foundation

/// A layer's or a group's transform (`"ks"`, or a group's `"tr"`):
/// anchor, position (or its two dimensions apart), scale in percent,
/// rotation and skew in degrees, opacity in percent.
struct LottieTransform: Sendable {
    var anchor: LottieProperty<[Double]>
    var position: Position
    var scale: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    var skew: LottieProperty<[Double]>
    var skewAxis: LottieProperty<[Double]>
    var opacity: LottieProperty<[Double]>

    enum Position: Sendable {
        case combined(LottieProperty<[Double]>)
        /// "Separate dimensions": x and y animate on their own.
        case split(x: LottieProperty<[Double]>, y: LottieProperty<[Double]>)
    }

    static let identity = LottieTransform(
        anchor: .constant([0, 0]), position: .combined(.constant([0, 0])), scale: .constant([100, 100]),
        rotation: .constant([0]), skew: .constant([0]), skewAxis: .constant([0]), opacity: .constant([100]))

    init(anchor: LottieProperty<[Double]>, position: Position, scale: LottieProperty<[Double]>,
         rotation: LottieProperty<[Double]>, skew: LottieProperty<[Double]>, skewAxis: LottieProperty<[Double]>,
         opacity: LottieProperty<[Double]>) {
        self.anchor = anchor
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.skew = skew
        self.skewAxis = skewAxis
        self.opacity = opacity
    }

    init(_ node: LottieNode?) throws(LottieFailure) {
        guard let node else {
            self = .identity
            return
        }
        anchor = try PropertyReader.vector(node["a"], default: [0, 0])
        if let p = node["p"], p.flag("s") {
            position = .split(x: try PropertyReader.vector(p["x"], default: [0]),
                              y: try PropertyReader.vector(p["y"], default: [0]))
        } else {
            position = .combined(try PropertyReader.vector(node["p"], default: [0, 0]))
        }
        scale = try PropertyReader.vector(node["s"], default: [100, 100])
        // 3D layers give "rz" (and "rx", "ry", left flat).
        rotation = try PropertyReader.vector(node["r"] ?? node["rz"], default: [0])
        skew = try PropertyReader.vector(node["sk"], default: [0])
        skewAxis = try PropertyReader.vector(node["sa"], default: [0])
        opacity = try PropertyReader.vector(node["o"], default: [100])
    }

    /// Whether the skew is ever non-zero.
    var isSkewed: Bool {
        skew.isAnimated || (skew.initialValue.first ?? 0) != 0
    }
}
