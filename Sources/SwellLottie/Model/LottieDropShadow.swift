/// After Effects' Drop Shadow effect (`"ef"` item of `"ty": 25`), whose
/// values are, in order, the shadow's colour, opacity (0…255), direction
/// (degrees clockwise from up), distance and softness.
struct LottieDropShadow: Sendable {
    var color: LottieProperty<[Double]>
    var opacity: LottieProperty<[Double]>
    var direction: LottieProperty<[Double]>
    var distance: LottieProperty<[Double]>
    var softness: LottieProperty<[Double]>

    /// The effect's type number.
    static let type = 25

    init(_ node: LottieNode) throws(LottieFailure) {
        let values = try node.array("ef")
        func value(_ k: Int, _ fallback: [Double]) throws(LottieFailure) -> LottieProperty<[Double]> {
            k < values.count ? try PropertyReader.vector(values[k]["v"], default: fallback) : .constant(fallback)
        }
        color = try value(0, [0, 0, 0, 1])
        opacity = try value(1, [128])
        direction = try value(2, [135])
        distance = try value(3, [5])
        softness = try value(4, [0])
    }

    var offsetKeyTimes: [Double] { direction.keyTimes + distance.keyTimes }
}
