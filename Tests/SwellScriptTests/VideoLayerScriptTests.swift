import Foundation
import SwellCore
import SwellScript
import Testing

/// A `video` layer in a script (docs/scripts.md#video-layers): its `file`
/// resolved against the script's directory and opened by the reader when
/// the script is read, its `videoGravity`, `volume` and CALayer properties
/// in their own types, and its problems reported where they are written.
@Suite("scripts: video layers")
struct VideoLayerScriptTests {
    final class Picture: VideoFrameSource {
        let naturalSize = CGSize(width: 16, height: 9)
        let duration = 1.0
        let nominalFrameRate = 25.0
        func frame(atTime time: Double) -> (any VideoFrame)? { nil }
    }

    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot open '\(path)': No such file or directory" }
    }

    private let picture = Picture()

    private func script(_ layer: String, videos: Bool = true) throws(SourceError) -> ScriptSpec {
        let picture = self.picture
        let reader = VideoReader { path in
            guard path == "/scenes/clips/a.mp4" else { throw Unreadable(path: path) }
            return picture
        }
        return try ScriptSpec(parsing: #"{"version": 1, "canvas": {"width": 10, "height": 10}, "layers": [\#(layer)]}"#,
                              file: "scene.json", baseDirectory: URL(fileURLWithPath: "/scenes", isDirectory: true), kinds: playerKinds,
                              videos: videos ? reader : nil)
    }

    @Test("the file is opened by the reader, the properties take their own types")
    func declaration() throws {
        let spec = try script(#"{"name": "v", "type": "video", "file": "clips/../clips/a.mp4", "videoGravity": "resizeAspectFill", "volume": 0.5, "opacity": 0.25, "beginTime": 2}"#)
        let layer = spec.layers[0]
        #expect(layer.type == .video && layer.type.layerClass == VideoLayer.self)
        #expect(layer.file?.path == "/scenes/clips/a.mp4")
        #expect(layer.video?.source === picture)
        #expect(layer.properties["videoGravity"]?.value as? AVLayerVideoGravity == .resizeAspectFill)
        #expect(layer.properties["volume"]?.value as? Double == 0.5)
        #expect(layer.properties["opacity"]?.value as? Float == 0.25)
        #expect(layer.properties["beginTime"]?.value as? Double == 2)
        #expect(["volume", "videoGravity", "opacity"].allSatisfy { layer.property(forKeyPath: $0)?.isAnimatable == true })
    }

    @Test("problems are reported where they are written", arguments: [
        (#"{"name": "v", "type": "video", "file": ‸"b.mp4"}"#, "\"file\": cannot open '/scenes/b.mp4': No such file or directory"),
        (#"‸{"name": "v", "type": "video"}"#, "missing required key \"file\" in layer \"v\""),
        (#"{"name": "v", "type": "video", "file": ‸""}"#, "\"file\" must name a video file"),
        (#"{"name": "v", "type": "video", "file": "clips/a.mp4", "volume": ‸-1}"#, "\"volume\" must not be negative; it is a linear amplitude"),
        (#"{"name": "v", "type": "video", "file": "clips/a.mp4", ‸"volumes": 1}"#, "a video layer has no property \"volumes\"; did you mean \"volume\"?"),
    ])
    func problems(_ layer: String, _ message: String) throws {
        let marker = layer.firstIndex(of: "‸")!
        let column = #"{"version": 1, "canvas": {"width": 10, "height": 10}, "layers": ["#.count + layer.distance(from: layer.startIndex, to: marker) + 1
        do {
            _ = try script(layer.replacingOccurrences(of: "‸", with: ""))
            Issue.record("accepted")
        } catch {
            #expect(error.message == message)
            #expect(error.location == SourceLocation(line: 1, column: column))
        }
    }

    @Test("without a video reader a video layer is refused at its file")
    func noReader() {
        #expect(throws: SourceError.self) { try script(#"{"name": "v", "type": "video", "file": "clips/a.mp4"}"#, videos: false) }
    }
}
