import Foundation

/// One entry of a composition's `"layers"` (docs/lottie.md#layers).
struct LottieLayerModel: Sendable {
    enum Content: Sendable {
        /// `"ty": 0`, the composition `refId` names, `w`×`h`.
        case precomp(id: String, width: Double, height: Double, timeRemap: LottieProperty<[Double]>?)
        /// `"ty": 1`: a rectangle of one colour.
        case solid(color: [Double], width: Double, height: Double)
        /// `"ty": 2`: the image asset `refId` names.
        case image(id: String)
        /// `"ty": 3`, and text layers (`"ty": 5`) drawn as nothing.
        case null
        /// `"ty": 4`.
        case shapes([LottieShape])
        /// `"ty": 6`: the sound asset `refId` names, at a level in dB.
        case audio(id: String, level: LottieProperty<[Double]>)
    }

    /// Track mattes (`"tt"`).
    enum Matte: Int, Sendable {
        case alpha = 1, invertedAlpha = 2, luma = 3, invertedLuma = 4
    }

    var index: Int?
    var parent: Int?
    var name: String
    var content: Content
    var transform: LottieTransform
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    var autoOrient: Bool
    var isHidden: Bool
    var masks: [LottieMask]
    var matte: Matte?
    /// The index (`"ind"`) of the layer that is the matte (`"tp"`); nil for
    /// the layer just above.
    var matteSource: Int?
    var isMatteSource: Bool
    /// After Effects' blend mode number (`"bm"`).
    var blendMode: Int
    /// The Drop Shadow effect, the one effect drawn.
    var dropShadow: LottieDropShadow?
    /// Where it was written, for what is found wrong after reading.
    var place: LottieNode.Place

    init(_ node: LottieNode, warn: (String) -> Void) throws(LottieFailure) {
        place = node.place
        index = try node["ind"].map { n throws(LottieFailure) in try n.asInteger() }
        parent = try node["parent"].map { n throws(LottieFailure) in try n.asInteger() }
        name = try node.string("nm") ?? ""
        let type = try node.integer("ty")
        transform = try LottieTransform(node["ks"])
        inPoint = try node.number("ip", default: 0)
        outPoint = try node.number("op", default: 0)
        startTime = try node.number("st", default: 0)
        stretch = try node.number("sr", default: 1)
        guard stretch.isFinite, stretch > 0, stretch < 1e4 else {
            throw node.failure("the stretch \"sr\" must be positive, not \(stretch.formatted)")
        }
        guard inPoint.isFinite, outPoint.isFinite, startTime.isFinite else {
            throw node.failure("\"ip\", \"op\" and \"st\" must be finite")
        }
        autoOrient = node.flag("ao")
        isHidden = node.flag("hd")
        masks = []
        for mask in try node.array("masksProperties") { masks.append(try LottieMask(mask)) }
        matte = try node["tt"].flatMap { n throws(LottieFailure) in
            let number = try n.asInteger()
            guard number != 0 else { return nil }
            guard let matte = Matte(rawValue: number) else { throw n.failure("unknown track matte \(number)") }
            return matte
        }
        matteSource = try node["tp"].map { n throws(LottieFailure) in try n.asInteger() }
        isMatteSource = node.flag("td")
        blendMode = try node.integer("bm", default: 0)
        switch type {
        case 0:
            content = .precomp(id: try Self.reference(node), width: try node.number("w", default: 0),
                               height: try node.number("h", default: 0),
                               timeRemap: try node["tm"].map { n throws(LottieFailure) in
                                   try PropertyReader.vector(n, default: [0]) })
        case 1:
            content = .solid(color: try Self.hexColor(try node.required("sc")),
                             width: try node.number("sw", default: 0), height: try node.number("sh", default: 0))
        case 2:
            content = .image(id: try Self.reference(node))
        case 3:
            content = .null
        case 4:
            var shapes: [LottieShape] = []
            for item in try node.array("shapes") { shapes.append(try LottieShape(item, warn: warn)) }
            content = .shapes(shapes)
        case 5:
            warn("text layers (\"ty\": 5)")
            content = .null
        case 6:
            let level = try node["au"]?["lv"].map { n throws(LottieFailure) in
                try PropertyReader.vector(n, default: [0, 0]) } ?? .constant([0, 0])
            content = .audio(id: try Self.reference(node), level: level)
        case 7...15:
            warn("layers of type \(type)")
            content = .null
        default:
            throw node.failure("unknown layer type \(type)")
        }
        for effect in try node.array("ef") {
            if Int(try effect.number("ty", default: -1)) == LottieDropShadow.type {
                dropShadow = try LottieDropShadow(effect)
            } else {
                warn("layer effects other than drop shadow (\"ef\")")
            }
        }
    }

    private static func reference(_ node: LottieNode) throws(LottieFailure) -> String {
        guard let id = try node.string("refId") else { throw node.failure("missing \"refId\"") }
        return id
    }

    /// A solid's `"sc"`: `#rrggbb`.
    private static func hexColor(_ node: LottieNode) throws(LottieFailure) -> [Double] {
        guard case .string(let text) = node.value.kind, text.hasPrefix("#"),
              let rgb = UInt32(text.dropFirst(), radix: 16), text.count == 7 else {
            throw node.failure("a solid's colour must be \"#rrggbb\"")
        }
        return [Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255, 1]
    }
}

/// A layer mask (`"masksProperties"`).
struct LottieMask: Sendable {
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }

    var mode: Mode
    var path: LottieProperty<LottieBezier>
    var opacity: LottieProperty<[Double]>
    var inverted: Bool
    /// How far the mask's edge moves out (`"x"`, negative: in).
    var expansion: LottieProperty<[Double]>

    init(_ node: LottieNode) throws(LottieFailure) {
        let name = try node.string("mode") ?? "a"
        guard let mode = Mode(rawValue: name) else { throw node.failure("unknown mask mode \"\(name)\"") }
        self.mode = mode
        path = try PropertyReader.bezier(try node.required("pt"))
        opacity = try PropertyReader.vector(node["o"], default: [100])
        inverted = node.flag("inv")
        expansion = try PropertyReader.vector(node["x"], default: [0])
    }
}
