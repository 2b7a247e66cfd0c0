import Foundation

/// Reads the image file a scene's `contents` names
/// (docs/scripts.md#image-contents), as Apple's code gives a layer a
/// `CGImage` loaded from a PNG or JPEG.
///
/// Scripts are only JSON here; decoding pictures belongs to the renderer,
/// so whoever draws the scene supplies the reader — the `swell` tool passes
/// SwellRender's `CGImage(contentsOfFile:)`. A script read without one
/// refuses `contents` at its place.
public struct ImageReader: Sendable {
    let read: @Sendable (_ path: String) throws -> CGImage

    /// `read` returns the image in the file at an absolute path, or throws
    /// an error whose description says in one line which file and why.
    public init(_ read: @escaping @Sendable (_ path: String) throws -> CGImage) {
        self.read = read
    }
}

extension ScriptDecoder {
    /// `"contents"`: an image file's path, relative to the script's
    /// directory unless absolute, read now so that a missing or unreadable
    /// file is reported at its place before anything runs.
    func decodeImage(_ value: JSONValue, key: String) throws(Diagnostic) -> CGImage {
        let path = try value.string(key)
        guard let images else {
            var missing = Diagnostic("image \(key.quotedForMessage) cannot be read here: no image reader was given",
                                     at: value.location)
            missing.needsReader = true
            throw missing
        }
        guard !path.isEmpty else {
            throw Diagnostic("\(key.quotedForMessage) must name a PNG or JPEG file", at: value.location)
        }
        let file = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL.path
        do {
            return try images.read(file)
        } catch {
            throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
        }
    }
}
