import Foundation

/// One item of a shape layer's `"shapes"` or a group's `"it"`
/// (docs/lottie.md#shapes).
indirect enum LottieShape: Sendable {
    case group(items: [LottieShape], transform: LottieTransform)
    case geometry(LottieGeometry)
    case fill(LottieFill)
    case stroke(LottieStroke)
    case trim(LottieTrim)
    case modifier(LottiePathModifier)
    case repeater(LottieRepeater)
    /// Items Swell does not draw (merge paths, twist): skipped, with a
    /// warning.
    case unsupported

    /// Whether the item changes the paths above it.
    var isModifier: Bool {
        switch self {
        case .trim, .modifier: true
        default: false
        }
    }

    /// Reads an item; `warn` is told of features left out.
    init(_ node: LottieNode, warn: (String) -> Void) throws(LottieFailure) {
        guard let type = try node.string("ty") else { throw node.failure("missing the shape type \"ty\"") }
        if node.flag("hd") {
            self = .unsupported
            return
        }
        switch type {
        case "gr":
            var items: [LottieShape] = []
            var transform = LottieTransform.identity
            for item in try node.array("it") {
                if try item.string("ty") == "tr" {
                    transform = try LottieTransform(item)
                } else {
                    items.append(try LottieShape(item, warn: warn))
                }
            }
            self = .group(items: items, transform: transform)
        case "sh", "rc", "el", "sr":
            self = .geometry(try LottieGeometry(node, type: type))
        case "fl", "gf":
            self = .fill(try LottieFill(node, gradient: type == "gf"))
        case "st", "gs":
            self = .stroke(try LottieStroke(node, gradient: type == "gs"))
        case "tm":
            self = .trim(try LottieTrim(node))
        case "rd", "zz", "pb", "op":
            self = .modifier(try LottiePathModifier(node, type: type))
        case "rp":
            self = .repeater(try LottieRepeater(node))
        case "tr":
            self = .unsupported
        case "mm", "tw":
            let names = ["mm": "merge paths", "tw": "twist"]
            warn("\(names[type]!) (\"ty\": \"\(type)\")")
            self = .unsupported
        default:
            throw node.failure("unknown shape type \"\(type)\"")
        }
    }
}

/// A path-making item: a free path, a rectangle, an ellipse or a star.
enum LottieGeometry: Sendable {
    case path(LottieProperty<LottieBezier>)
    case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>,
                   roundness: LottieProperty<[Double]>, reversed: Bool)
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, reversed: Bool)
    case star(LottieStar)

    init(_ node: LottieNode, type: String) throws(LottieFailure) {
        let reversed = try node.number("d", default: 1) == 3
        switch type {
        case "sh":
            self = .path(try PropertyReader.bezier(try node.required("ks")))
        case "rc":
            self = .rectangle(position: try PropertyReader.vector(node["p"], default: [0, 0]),
                              size: try PropertyReader.vector(node["s"], default: [0, 0]),
                              roundness: try PropertyReader.vector(node["r"], default: [0]), reversed: reversed)
        case "el":
            self = .ellipse(position: try PropertyReader.vector(node["p"], default: [0, 0]),
                            size: try PropertyReader.vector(node["s"], default: [0, 0]), reversed: reversed)
        default:
            self = .star(try LottieStar(node, reversed: reversed))
        }
    }

    /// The frames at which any of its values has a keyframe.
    var keyTimes: [Double] {
        switch self {
        case .path(let p): p.keyTimes
        case .rectangle(let p, let s, let r, _): p.keyTimes + s.keyTimes + r.keyTimes
        case .ellipse(let p, let s, _): p.keyTimes + s.keyTimes
        case .star(let star): star.keyTimes
        }
    }
}

/// A polystar (`"sr"`): a star (`"sy": 1`) or a polygon (`"sy": 2`).
struct LottieStar: Sendable {
    var isStar: Bool
    var position: LottieProperty<[Double]>
    var points: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    var outerRadius: LottieProperty<[Double]>
    var outerRoundness: LottieProperty<[Double]>
    var innerRadius: LottieProperty<[Double]>
    var innerRoundness: LottieProperty<[Double]>
    var reversed: Bool

    /// The most points a star or polygon may have: a shape of more is no
    /// drawing, only a file that would take the renderer hours.
    static let maximumPoints = 10_000.0

    init(_ node: LottieNode, reversed: Bool) throws(LottieFailure) {
        isStar = try node.number("sy", default: 1) == 1
        position = try PropertyReader.vector(node["p"], default: [0, 0])
        points = try PropertyReader.vector(node["pt"], default: [5])
        if let most = points.allValues.compactMap(\.first).max(), most > Self.maximumPoints {
            throw (node["pt"] ?? node).failure("a star or polygon has at most \(Int(Self.maximumPoints)) points, not \(most)")
        }
        rotation = try PropertyReader.vector(node["r"], default: [0])
        outerRadius = try PropertyReader.vector(node["or"], default: [0])
        outerRoundness = try PropertyReader.vector(node["os"], default: [0])
        innerRadius = try PropertyReader.vector(node["ir"], default: [0])
        innerRoundness = try PropertyReader.vector(node["is"], default: [0])
        self.reversed = reversed
    }

    var keyTimes: [Double] {
        [position, points, rotation, outerRadius, outerRoundness, innerRadius, innerRoundness].flatMap(\.keyTimes)
    }
}

/// A solid or gradient paint.
enum LottiePaint: Sendable {
    /// An RGBA colour, components 0…1.
    case color(LottieProperty<[Double]>)
    case gradient(LottieGradient)
}

/// A gradient's geometry and stops (`"g"`: `"p"` colour stops of position
/// and RGB, then opacity stops of position and alpha).
struct LottieGradient: Sendable {
    var isRadial: Bool
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    var colorStopCount: Int
    var stops: LottieProperty<[Double]>

    init(_ node: LottieNode) throws(LottieFailure) {
        isRadial = try node.number("t", default: 1) == 2
        start = try PropertyReader.vector(node["s"], default: [0, 0])
        end = try PropertyReader.vector(node["e"], default: [0, 0])
        let g = try node.required("g")
        colorStopCount = try g.integer("p", default: 0)
        guard colorStopCount > 0, colorStopCount < 1000 else { throw g.failure("\"p\" must count the colour stops") }
        stops = try PropertyReader.vector(try g.required("k"), default: [])
    }
}

struct LottieFill: Sendable {
    var paint: LottiePaint
    var opacity: LottieProperty<[Double]>
    var evenOdd: Bool
    /// After Effects' blend mode number (`"bm"`).
    var blendMode: Int

    init(_ node: LottieNode, gradient: Bool) throws(LottieFailure) {
        paint = gradient ? .gradient(try LottieGradient(node))
            : .color(try PropertyReader.vector(node["c"], default: [0, 0, 0, 1]))
        opacity = try PropertyReader.vector(node["o"], default: [100])
        evenOdd = try node.number("r", default: 1) == 2
        blendMode = try node.integer("bm", default: 0)
    }
}

struct LottieStroke: Sendable {
    var paint: LottiePaint
    var opacity: LottieProperty<[Double]>
    var width: LottieProperty<[Double]>
    /// 1 butt, 2 round, 3 square.
    var cap: Int
    /// 1 miter, 2 round, 3 bevel.
    var join: Int
    var miterLimit: Double
    /// Dash lengths and gaps, then the offset.
    var dashes: [LottieProperty<[Double]>]
    var dashOffset: LottieProperty<[Double]>?
    var blendMode: Int

    init(_ node: LottieNode, gradient: Bool) throws(LottieFailure) {
        paint = gradient ? .gradient(try LottieGradient(node))
            : .color(try PropertyReader.vector(node["c"], default: [0, 0, 0, 1]))
        opacity = try PropertyReader.vector(node["o"], default: [100])
        width = try PropertyReader.vector(node["w"], default: [1])
        cap = try node.integer("lc", default: 2)
        join = try node.integer("lj", default: 2)
        miterLimit = try node.number("ml", default: 4)
        blendMode = try node.integer("bm", default: 0)
        dashes = []
        for dash in try node.array("d") {
            let kind = try dash.string("n") ?? "d"
            let value = try PropertyReader.vector(dash["v"], default: [0])
            if kind == "o" { dashOffset = value } else { dashes.append(value) }
        }
    }
}

/// Trim paths (`"tm"`): start and end in percent, offset in degrees;
/// `"m"` 1 trims each path alike, 2 trims them as one.
struct LottieTrim: Sendable {
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    var offset: LottieProperty<[Double]>
    var individually: Bool

    init(_ node: LottieNode) throws(LottieFailure) {
        start = try PropertyReader.vector(node["s"], default: [0])
        end = try PropertyReader.vector(node["e"], default: [100])
        offset = try PropertyReader.vector(node["o"], default: [0])
        individually = try node.number("m", default: 1) == 2
    }
}
