import Foundation
import Testing

/// A Lottie document with one fault, at the character after `‸`, which a
/// reader must refuse with one line naming the file, that line and column
/// and, where the fault is in a value, its JSON path (`layers[3].shapes[1]`).
struct BrokenLottie: CustomTestStringConvertible, Sendable {
    var what: String
    var marked: String
    /// The JSON path the message names, nil for a fault in the JSON syntax.
    var path: String?
    /// Words the message must hold besides the place (what is wrong).
    var saying: [String] = []
    /// The asset file, beside the document, that the message names.
    var asset: String?

    var testDescription: String { what }

    var text: String { marked.replacingOccurrences(of: "‸", with: "") }

    /// The 1-based `LINE:COLUMN` of the marker, columns counting Unicode
    /// scalars as the reader's locations do.
    var location: String {
        let lines = marked.components(separatedBy: "‸")[0].split(separator: "\n", omittingEmptySubsequences: false)
        return "\(lines.count):\(lines.last!.unicodeScalars.count + 1)"
    }

    /// What the message starts with for a file named `file`.
    func prefix(file: String) -> String {
        "\(file):\(location): " + (path.map { "\($0): " } ?? "")
    }

    /// A null layer (`"ty": 3`) with index `k`, shown throughout.
    static func nullLayer(_ k: Int) -> String {
        #"{"ty": 3, "ind": \#(k), "nm": "null \#(k)", "ip": 0, "op": 60, "st": 0, "ks": {}}"#
    }

    /// An 80×80, 60 fps, one-second document: `layer3` after three null
    /// layers, `assets` its assets.
    static func document(fr: String = "60", w: String = "80", h: String = "80", op: String = "60",
                         assets: String = "[]", layer3: String = nullLayer(3)) -> String {
        """
        {"v": "5.7.4", "fr": \(fr), "ip": 0, "op": \(op),
         "w": \(w), "h": \(h), "nm": "broken",
         "assets": \(assets),
         "layers": [
          \(nullLayer(0)),
          \(nullLayer(1)),
          \(nullLayer(2)),
          \(layer3)
         ]}
        """
    }

    /// A shape layer whose shapes are `shapes`.
    static func shapeLayer(_ shapes: String) -> String {
        #"{"ty": 4, "ind": 3, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(shapes)]}"#
    }

    /// An image asset whose bytes `p` names, shown by layer 3.
    static func image(_ what: String, _ p: String, saying: [String] = [], asset: String? = nil) -> BrokenLottie {
        BrokenLottie(what: what, marked: document(
            assets: #"[‸{"id": "image_0", "w": 10, "h": 10, "u": "", "p": "\#(p)", "e": 0}]"#,
            layer3: #"{"ty": 2, "ind": 3, "refId": "image_0", "ip": 0, "op": 60, "st": 0, "ks": {}}"#),
            path: "assets[0]", saying: saying, asset: asset)
    }

    static let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

    static let all: [BrokenLottie] = [
        BrokenLottie(what: "malformed JSON: a missing value", marked: document(w: "‸}")),
        BrokenLottie(what: "malformed JSON: cut short", marked: String(document().dropLast(3)) + "‸"),
        BrokenLottie(what: "malformed JSON: a stray comma", marked: document(layer3: "‸, " + nullLayer(3))),
        BrokenLottie(what: "not a JSON object", marked: "‸[1, 2, 3]\n", path: nil, saying: ["JSON object"]),
        BrokenLottie(what: "an unknown layer type", marked: document(layer3: #"‸{"ty": 42, "ind": 3, "ip": 0, "op": 60, "ks": {}}"#),
                     path: "layers[3]", saying: ["layer type 42"]),
        BrokenLottie(what: "a layer type past any integer",
                     marked: document(layer3: #"{"ty": ‸1e300, "ind": 3, "ip": 0, "op": 60, "ks": {}}"#),
                     path: "layers[3].ty", saying: ["whole number"]),
        BrokenLottie(what: "a parent index past any integer",
                     marked: document(layer3: #"{"ty": 3, "ind": 3, "parent": ‸-9223372036854775809, "ip": 0, "op": 60, "ks": {}}"#),
                     path: "layers[3].parent", saying: ["whole number"]),
        BrokenLottie(what: "a star of a billion points",
                     marked: document(layer3: shapeLayer(#"{"ty": "sr", "sy": 1, "pt": ‸{"a": 0, "k": 1e9}, "or": {"a": 0, "k": 30}}, "# + fill)),
                     path: "layers[3].shapes[0].pt", saying: ["points"]),
        BrokenLottie(what: "an opacity of no number",
                     marked: document(layer3: #"{"ty": 3, "ind": 3, "ip": 0, "op": 60, "ks": {"o": {"a": 0, "k": ‸[]}}}"#),
                     path: "layers[3].ks.o.k", saying: ["number"]),
        BrokenLottie(what: "an unknown shape type", marked: document(layer3: shapeLayer(fill + #", ‸{"ty": "qq"}"#)),
                     path: "layers[3].shapes[1]", saying: [#""qq""#]),
        BrokenLottie(what: "an unknown shape type in a group",
                     marked: document(layer3: shapeLayer(#"{"ty": "gr", "it": [\#(fill), ‸{"ty": "blob"}, {"ty": "tr"}]}"#)),
                     path: "layers[3].shapes[0].it[1]", saying: [#""blob""#]),
        image("an image that is not there", "missing.png", asset: "missing.png"),
        image("an image that is text", "notes.png", asset: "notes.png"),
        image("a PNG cut short", "cut.png", asset: "cut.png"),
        image("an image in a folder that is not there", "images/img_0.png", asset: "images/img_0.png"),
        image("an embedded image of junk", "data:image/png;base64,AAECAwQFBgcICQ==", saying: ["image_0"]),
        BrokenLottie(what: "a frame rate of 0", marked: document(fr: "‸0"), path: "fr", saying: ["frame rate"]),
        BrokenLottie(what: "a negative frame rate", marked: document(fr: "‸-30"), path: "fr", saying: ["frame rate"]),
        BrokenLottie(what: "an absurd frame rate", marked: document(fr: "‸1e6"), path: "fr", saying: ["frame rate"]),
        BrokenLottie(what: "a frame rate beyond a double", marked: document(fr: "‸1e999"), path: nil, saying: ["1e999"]),
        BrokenLottie(what: "a width of 0", marked: document(w: "‸0"), path: "w", saying: ["size"]),
        BrokenLottie(what: "a negative height", marked: document(h: "‸-80"), path: "h", saying: ["size"]),
        BrokenLottie(what: "an absurd width", marked: document(w: "‸1e9"), path: "w", saying: ["size"]),
        BrokenLottie(what: "an end before the start", marked: document(op: "‸0"), path: "op", saying: ["end"]),
        BrokenLottie(what: "a frame rate that is text", marked: document(fr: #"‸"60""#), path: "fr", saying: ["number"]),
    ]
}
