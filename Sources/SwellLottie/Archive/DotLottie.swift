import Foundation

/// A dotLottie archive (`.lottie`, dotlottie.io): a ZIP of a `manifest.json`
/// naming its animations, the animations' JSON and their images and sounds
/// (docs/lottie.md#dotlottie). The first animation the manifest names is
/// played; its assets are the archive's files.
struct DotLottie {
    /// The animation's path in the archive and its JSON.
    let animationPath: String
    let animation: [UInt8]
    let archive: ZipArchive

    init(_ bytes: [UInt8]) throws(ZipArchive.Failure) {
        let archive = try ZipArchive(bytes)
        self.archive = archive
        var id: String?
        if let manifest = archive.files["manifest.json"],
           let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
           let animations = object["animations"] as? [[String: Any]] {
            id = animations.first?["id"] as? String
        }
        // Version 1 keeps animations in animations/, version 2 in a/.
        let candidates = id.map { ["animations/\($0).json", "a/\($0).json"] } ?? []
        guard let path = candidates.first(where: { archive.files[$0] != nil })
                ?? archive.files.keys.sorted().first(where: { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }),
              let json = archive.files[path] else {
            throw ZipArchive.Failure(description: "a dotLottie archive names no animation (manifest.json, animations/)")
        }
        animationPath = path
        animation = Array(json)
    }

    /// The file an asset names (`u` + `p`): at that path in the archive, or
    /// by its name in the folders dotLottie keeps images and sounds in.
    func asset(folder: String, name: String) -> Data? {
        let path = (folder + name).drop { $0 == "/" }
        if let data = archive.files[String(path)] { return data }
        return ["images/", "i/", "audio/", "u/", "s/"].lazy.compactMap { archive.files[$0 + name] }.first
    }
}
