import Foundation
import SwellCore
import SwellMedia
import SwellRender

/// `--frames DIR` and `--gif DIR`, the options every moving sample takes:
/// without them a sample only prints what it presents. With `--frames` it
/// also writes each time it prints as a PNG frame (`DIR/0000.png`,
/// `DIR/0001.png`…, or one subdirectory per scene), drawn by SwellRender's
/// ``FrameRecorder`` (docs/render.md#frame-sequences). With `--gif` it
/// writes the scene in motion as `DIR/NAME.gif` (NAME the scene's, or the
/// sample's), at ``gifRate`` frames a second from its first printed time to
/// its last (docs/video.md#export). What the sample prints is the same
/// either way.
public final class SampleFrames {
    /// A GIF's frames per second: every fourth hundredth of a second, the
    /// unit of a GIF's delays.
    public static let gifRate = 25.0

    private let recorder: FrameRecorder?
    private let gif: Animation?

    /// The frames of `host` on `canvas`, in the `--frames` directory (or in
    /// its `subdirectory`, for a sample of several scenes) and as a GIF in
    /// the `--gif` directory (named `subdirectory`, or the sample's name);
    /// nothing is written when the sample was run without them.
    public init(host: RenderHost, canvas: Canvas, subdirectory: String? = nil) {
        let options = Self.options
        do {
            recorder = try options.frames.map { directory in
                try FrameRecorder(host: host, canvas: canvas,
                                  names: .directory(subdirectory.map { directory + "/" + $0 } ?? directory))
            }
            gif = try options.gif.map { directory in
                try Animation(host: host, canvas: canvas, path: directory + "/" + (subdirectory ?? Self.programName) + ".gif")
            }
        } catch {
            Self.fail(error)
        }
    }

    /// Writes frame `k`, the host's tree at host time `time`, and the GIF's
    /// frames up to `time`. A frame that cannot be written ends the sample
    /// with its reason and status 1.
    public func write(frame k: Int, at time: Double) {
        do {
            try recorder?.write(frame: k, at: time)
            try gif?.draw(through: time)
        } catch {
            Self.fail(error)
        }
    }

    /// Completes the GIF, once the scene has printed its last time; a scene
    /// that printed none writes none.
    public func finish() {
        do {
            try gif?.finish()
        } catch {
            Self.fail(error)
        }
    }

    /// The scene in motion: frame j of the GIF is the tree at
    /// `start + j / gifRate`, `start` the first printed time. A sample
    /// prints at coarser times than a GIF shows, and changes its tree
    /// between them; each GIF frame shows the tree as committed by its time
    /// (``SnapshotTimeline``), as noted at each printed time.
    private final class Animation {
        let host: RenderHost
        let canvas: Canvas
        let exporter: VideoExporter
        let renderer = Renderer()
        var timeline = SnapshotTimeline()
        var start: Double?
        var drawn = 0

        init(host: RenderHost, canvas: Canvas, path: String) throws {
            self.host = host
            self.canvas = canvas
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            exporter = try VideoExporter(path: path, container: .gif, width: canvas.pixelWidth,
                                         height: canvas.pixelHeight, fps: SampleFrames.gifRate, sound: nil,
                                         overwrite: true)
        }

        func draw(through time: Double) throws {
            timeline.note(host.latestSnapshot)
            let start = self.start ?? time
            self.start = start
            while case let next = start + Double(drawn) / SampleFrames.gifRate, next <= time,
                  let snapshot = timeline.snapshot(at: next) {
                try exporter.append(renderer.render(snapshot, at: next, into: canvas))
                drawn += 1
            }
        }

        /// Publishes the GIF; a scene that printed no time has none.
        func finish() throws {
            guard drawn > 0 else { return exporter.cancel() }
            _ = try exporter.finish()
        }
    }

    /// `--frames DIR` and `--gif DIR`, either or both, in any order; any
    /// other argument ends the sample with its usage and status 2.
    static let options: (frames: String?, gif: String?) = {
        var options: (frames: String?, gif: String?) = (nil, nil)
        var arguments = CommandLine.arguments.dropFirst()[...]
        while let option = arguments.popFirst() {
            guard let value = arguments.popFirst() else { usage() }
            switch option {
            case "--frames" where options.frames == nil: options.frames = value
            case "--gif" where options.gif == nil: options.gif = value
            default: usage()
            }
        }
        return options
    }()

    private static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: \(programName) [--frames DIR] [--gif DIR]\n".utf8))
        exit(2)
    }

    private static var programName: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "sample").lastPathComponent
    }

    private static func fail(_ error: any Error) -> Never {
        FileHandle.standardError.write(Data("\(programName): \(error)\n".utf8))
        exit(1)
    }
}
