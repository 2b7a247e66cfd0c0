import Foundation

/// A validated `--script` file (JSON, version 1): a layer tree plus timed
/// events, in Core Animation terms (docs/scripts.md).
///
/// Everything is checked before anything plays — syntax, unknown keys (with
/// the closest valid key suggested), types, ranges, layer names, parents and
/// cycles, keyframe arrays — and the first problem is reported as one line
/// `FILE:LINE:COL: message`.
///
/// Events may appear in any order in the file. ``events`` holds them sorted
/// by time, stably, so events with the same `at` keep their file order and
/// run as consecutive transactions in that order.
public struct ScriptSpec: Hashable, Sendable {
    /// The only `"version"` this reader accepts.
    public static let version = 1

    /// Frames per second to render or play at; nil for the input's rate.
    public var sampleRate: Int?
    /// The picture a scene draws; nil for a script that only sounds.
    public var canvas: Canvas?
    /// The declared layers in file order; ``LayerSpec/main`` when the script
    /// declares none.
    public var layers: [LayerSpec]
    /// The events sorted stably by ``EventSpec/time``.
    public var events: [EventSpec]

    public init(sampleRate: Int? = nil, layers: [LayerSpec] = [.main], events: [EventSpec] = []) {
        self.sampleRate = sampleRate
        self.layers = layers
        self.events = events
    }

    public func layer(named name: String) -> LayerSpec? {
        layers.first { $0.name == name }
    }

    /// Parses and validates a script held in memory. `file` names it in
    /// errors; audio and video `file` and image `contents` paths are
    /// resolved against `baseDirectory`, `images` reads the images and
    /// `videos` opens the videos (without them, a script with image
    /// `contents` or a video layer is refused). `kinds` are the layer
    /// types its declarations may name (docs/library.md#layer-kinds).
    public init(parsing json: [UInt8], file: String, baseDirectory: URL, kinds: [LayerKind] = LayerKind.standard,
                images: ImageReader? = nil, videos: VideoReader? = nil) throws(SourceError) {
        let root = try JSONParser().parse(json, file: file)
        do throws(Diagnostic) {
            var decoder = ScriptDecoder(baseDirectory: baseDirectory, images: images, videos: videos)
            decoder.kinds = kinds
            self = try decoder.decode(root)
        } catch {
            throw SourceError(file: file, error)
        }
    }

    public init(parsing json: String, file: String, baseDirectory: URL, kinds: [LayerKind] = LayerKind.standard,
                images: ImageReader? = nil, videos: VideoReader? = nil) throws(SourceError) {
        try self.init(parsing: Array(json.utf8), file: file, baseDirectory: baseDirectory, kinds: kinds,
                      images: images, videos: videos)
    }

    /// Reads, parses and validates the script at `path` (a path that is not
    /// UTF-8 included: `String.pathBytes`); audio, video and image files
    /// are resolved against the script's directory, images read by
    /// `images` and videos opened by `videos`.
    public init(contentsOfFile path: String, kinds: [LayerKind] = LayerKind.standard, images: ImageReader? = nil,
                videos: VideoReader? = nil) throws(SourceError) {
        let bytes = try SourceFile.bytes(ofFile: path, kind: "script")
        try self.init(parsing: bytes, file: path, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent(),
                      kinds: kinds, images: images, videos: videos)
    }
}
