import Foundation

/// Opens the video a scene's `video` layer names
/// (docs/scripts.md#video-layers), as Apple's code makes an `AVPlayer` for
/// an `AVPlayerLayer` from a file's URL.
///
/// Scripts are only JSON here; decoding video belongs to the media module,
/// so whoever plays the scene supplies the reader — the `swell` tool
/// passes SwellMedia's `VideoFile`. A script read without one refuses
/// video layers at their place.
public struct VideoReader: Sendable {
    let open: @Sendable (_ path: String) throws -> any VideoFrameSource

    /// `open` returns the video in the file at an absolute path, or throws
    /// an error whose description says in one line which file and why.
    public init(_ open: @escaping @Sendable (_ path: String) throws -> any VideoFrameSource) {
        self.open = open
    }
}

extension ScriptDecoder {
    /// A video layer's `"file"`: a path relative to the script's directory
    /// unless absolute, opened now so that a missing, damaged or video-less
    /// file is reported at its place before anything runs.
    func decodeVideo(_ value: JSONValue) throws(Diagnostic) -> (file: URL, video: VideoContents) {
        let path = try value.string("file")
        guard let videos else {
            var missing = Diagnostic("a video layer cannot be read here: no video reader was given", at: value.location)
            missing.needsReader = true
            throw missing
        }
        guard !path.isEmpty else { throw Diagnostic("\"file\" must name a video file", at: value.location) }
        let file = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
        do {
            return (file, VideoContents(try videos.open(file.path)))
        } catch {
            throw Diagnostic("\"file\": \(error)", at: value.location)
        }
    }
}
