import Foundation
import SwellCore

/// Where the files an animation's assets name are: beside its JSON, or in
/// its dotLottie archive.
enum AssetFiles {
    case directory(URL)
    case archive(DotLottie)
}

/// Where an image or sound asset's bytes are (`"p"`, `"u"`, `"e"`): a
/// `data:` URI inside the file, a file beside it, or a file of its archive.
struct AssetSource: Sendable {
    let location: DocumentSound.Location
    /// The name in messages: the file, or the asset's id.
    let name: String
    let isSound: Bool

    /// Nil for an asset that names no bytes.
    init?(_ node: LottieNode, files: AssetFiles) throws(LottieFailure) {
        guard let p = try node.string("p"), !p.isEmpty else { return nil }
        if p.hasPrefix("data:") {
            guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                throw node.failure("\"p\" is not a base64 data URI")
            }
            location = .embedded(data)
            isSound = p.hasPrefix("data:audio")
            name = "asset \"\(try node.string("id") ?? "")\""
        } else {
            let folder = try node.string("u") ?? ""
            isSound = ["mp3", "wav", "ogg", "oga", "flac", "m4a", "aac", "opus", "aif", "aiff"]
                .contains(URL(fileURLWithPath: p).pathExtension.lowercased())
            switch files {
            case .directory(let directory):
                // Relative to the folder itself, whether or not its URL ends
                // in a slash (without one, a relative URL replaces the last part).
                let base = URL(fileURLWithPath: directory.path, isDirectory: true)
                let url = URL(fileURLWithPath: folder + p, relativeTo: base).standardizedFileURL
                location = .file(url)
                name = url.path
            case .archive(let archive):
                guard let data = archive.asset(folder: folder, name: p) else {
                    throw node.failure("\"\(folder + p)\" is not in the archive")
                }
                location = .embedded(data)
                name = folder + p
            }
        }
    }

    func data() throws -> Data {
        switch location {
        case .embedded(let data): return data
        case .file(let url): return try Data(contentsOf: url)
        }
    }

    /// The sound asset `id`.
    func sound(id: String) -> DocumentSound {
        DocumentSound(id: id, location: location)
    }

    /// The picture, decoded now so that a bad image is refused at its place.
    func image(decoder: LottieImageDecoder, at node: LottieNode) throws(LottieFailure) -> CGImage {
        do {
            return try decoder.decode(try data(), name)
        } catch let error as NSError where error.domain == NSCocoaErrorDomain {
            throw node.failure("\(name) cannot be read")
        } catch {
            throw node.failure("\(error)")
        }
    }
}
