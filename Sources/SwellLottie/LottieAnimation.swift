import Foundation
import SwellCore
import SwellScript

/// A Lottie (Bodymovin JSON) animation, read and checked: its compositions,
/// images and sounds (docs/lottie.md). ``makeLayer()`` turns it into a
/// layer tree driven by Core Animation keyframe animations.
public struct LottieAnimation: Sendable {
    /// Frames per second (`"fr"`).
    public let frameRate: Double
    /// The first frame (`"ip"`) and the frame it ends before (`"op"`).
    public let inPoint: Double
    public let outPoint: Double
    /// The animation's size in points (`"w"`, `"h"`).
    public let width: Double
    public let height: Double
    /// The features the file uses that Swell leaves out, each named once
    /// (expressions, text layers, effects…): the file still plays.
    public let unsupportedFeatures: [String]
    /// The sounds of its audio layers, by asset id.
    public let sounds: [String: DocumentSound]

    let root: Composition
    let precomps: [String: Composition]
    let images: [String: CGImage]

    /// The largest side and frame rate a file may give.
    static let maximumSide = 16384.0
    static let maximumFrameRate = 1000.0

    /// Names each feature the file uses that Swell leaves out, once, as a
    /// warning (``CADiagnostics``): the animation plays without them.
    public func warnOfUnsupportedFeatures(file: String) {
        for feature in unsupportedFeatures {
            CADiagnostics.warn("\(file): \(feature) not supported; the animation plays without them")
        }
    }

    /// The seconds from the first frame to the end.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// Reads `path`: a Lottie JSON file, whose images and sounds may be
    /// files beside it, or a dotLottie archive of one. `images` decodes
    /// pictures (SwellRender's `CGImage(data:)`); without one, an image
    /// layer is refused.
    public init(contentsOfFile path: String, images decoder: LottieImageDecoder? = nil) throws(SourceError) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw SourceError(file: path, location: nil, message: Self.reason(error))
        }
        guard ZipArchive.isArchive(bytes) else {
            try self.init(bytes: bytes, file: path, directory: URL(fileURLWithPath: path).deletingLastPathComponent(),
                          images: decoder)
            return
        }
        let archive: DotLottie
        do {
            archive = try DotLottie(bytes)
        } catch {
            throw SourceError(file: path, location: nil, message: error.description)
        }
        try self.init(bytes: archive.animation, file: "\(path) (\(archive.animationPath))", files: .archive(archive),
                      images: decoder)
    }

    /// Reads a Lottie document; `file` names it in messages and
    /// `directory` holds the files its assets name.
    public init(bytes: [UInt8], file: String, directory: URL, images decoder: LottieImageDecoder? = nil) throws(SourceError) {
        try self.init(bytes: bytes, file: file, files: .directory(directory), images: decoder)
    }

    init(bytes: [UInt8], file: String, files: AssetFiles, images decoder: LottieImageDecoder?) throws(SourceError) {
        let json = try JSONParser(maximumDepth: 512).parse(bytes, file: file)
        do throws(LottieFailure) {
            var warnings: [String] = []
            let warn = { (feature: String) in if !warnings.contains(feature) { warnings.append(feature) } }
            let top = LottieNode(json, path: "")
            guard case .object = json.kind else { throw top.failure("a Lottie file is a JSON object") }
            frameRate = try top.number("fr")
            inPoint = try top.number("ip")
            outPoint = try top.number("op")
            width = try top.number("w")
            height = try top.number("h")
            guard frameRate > 0, frameRate <= Self.maximumFrameRate else {
                throw try top.required("fr").failure("the frame rate must be above 0 and at most \(Int(Self.maximumFrameRate)) fps, not \(frameRate.formatted)")
            }
            for (key, side) in [("w", width), ("h", height)] where !(side > 0 && side <= Self.maximumSide) {
                throw try top.required(key).failure("the size must be above 0 and at most \(Int(Self.maximumSide)) points, not \(side.formatted)")
            }
            guard inPoint.isFinite, outPoint.isFinite, outPoint > inPoint, (outPoint - inPoint) / frameRate < 86400 else {
                throw try top.required("op").failure("the animation must end (\"op\" \(outPoint.formatted)) after it starts (\"ip\" \(inPoint.formatted)), within a day")
            }
            if Self.usesExpressions(json) { warn("expressions") }
            var precomps: [String: Composition] = [:], images: [String: CGImage] = [:], sounds: [String: DocumentSound] = [:]
            for asset in try top.array("assets") {
                guard let id = try asset.string("id") else { throw asset.failure("an asset needs an \"id\"") }
                if asset["layers"] != nil {
                    precomps[id] = try Composition(asset, warn: warn)
                } else if let source = try AssetSource(asset, files: files) {
                    if source.isSound {
                        sounds[id] = source.sound(id: id)
                    } else {
                        guard let decoder else { throw asset.failure("an image cannot be read here: no image decoder was given") }
                        images[id] = try source.image(decoder: decoder, at: asset)
                    }
                }
            }
            root = try Composition(top, warn: warn)
            self.precomps = precomps
            self.images = images
            self.sounds = sounds
            unsupportedFeatures = warnings
            try root.checkReferences(in: self)
        } catch {
            throw error.error(file: file)
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.code == NSFileReadNoSuchFileError ? "no such file" : "cannot be read"
    }

    /// Whether any property carries an After Effects expression (`"x"`).
    private static func usesExpressions(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .object(let members):
            members.contains { ($0.key == "x" && { if case .string = $0.value.kind { return true }; return false }($0)) || usesExpressions($0.value) }
        case .array(let items): items.contains(where: usesExpressions)
        default: false
        }
    }
}

/// Decodes an image asset's bytes (PNG or JPEG) into a picture.
public struct LottieImageDecoder: Sendable {
    let decode: @Sendable (_ data: Data, _ name: String) throws -> CGImage

    /// `decode` returns the picture in the bytes, or throws an error whose
    /// description says why in one line; `name` names them in it.
    public init(_ decode: @escaping @Sendable (_ data: Data, _ name: String) throws -> CGImage) {
        self.decode = decode
    }
}

/// A composition: the animation's own layers or a precomp asset's.
struct Composition: Sendable {
    var layers: [LottieLayerModel]

    init(_ node: LottieNode, warn: (String) -> Void) throws(LottieFailure) {
        layers = []
        for layer in try node.array("layers") { layers.append(try LottieLayerModel(layer, warn: warn)) }
    }

    /// Refuses a precomp, image or sound that names nothing, a precomp that
    /// contains itself, or a chain of parents that loops. A parent that
    /// names no layer is no parent, as lottie-ios and lottie-web read it.
    func checkReferences(in animation: LottieAnimation, visiting: Set<String> = []) throws(LottieFailure) {
        for layer in layers {
            switch layer.content {
            case .precomp(let id, _, _, _):
                guard let precomp = animation.precomps[id] else { throw layer.place.failure("\"refId\" \"\(id)\" names no composition") }
                guard !visiting.contains(id) else { throw layer.place.failure("composition \"\(id)\" contains itself") }
                try precomp.checkReferences(in: animation, visiting: visiting.union([id]))
            case .image(let id):
                guard animation.images[id] != nil else { throw layer.place.failure("\"refId\" \"\(id)\" names no image") }
            case .audio(let id, _):
                guard animation.sounds[id] != nil else { throw layer.place.failure("\"refId\" \"\(id)\" names no sound") }
            default:
                break
            }
        }
        // A parent chain that loops would never end.
        let byIndex = Dictionary(layers.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
        for layer in layers {
            var seen: Set<Int> = [], next = layer.parent
            while let p = next {
                guard seen.insert(p).inserted else { throw layer.place.failure("the \"parent\" chain loops") }
                next = byIndex[p]?.parent
            }
        }
    }
}

extension Double {
    /// As a message writes a number: `0`, `29.97`, `1e+300`.
    var formatted: String { String(format: "%g", self) }
}
