import Foundation
import SwellCore
import SwellRender

/// `--frames DIR`, the option every moving sample takes: without it a
/// sample only prints what it presents; with it, it also writes each time
/// it prints as a PNG frame (`DIR/0000.png`, `DIR/0001.png`…, or one
/// subdirectory per scene), drawn by SwellRender's ``FrameRecorder``
/// (docs/render.md#frame-sequences). What the sample prints is the same
/// either way.
public final class SampleFrames {
    private let recorder: FrameRecorder?

    /// The frames of `host` on `canvas`, in the `--frames` directory, or in
    /// its `subdirectory` for a sample of several scenes; nothing is
    /// written when the sample was run without `--frames`.
    public init(host: RenderHost, canvas: Canvas, subdirectory: String? = nil) {
        guard let directory = Self.directory else {
            recorder = nil
            return
        }
        let path = subdirectory.map { directory + "/" + $0 } ?? directory
        do {
            recorder = try FrameRecorder(host: host, canvas: canvas, names: .directory(path))
        } catch {
            Self.fail(error)
        }
    }

    /// Writes frame `k`, the host's tree at host time `time`. A frame that
    /// cannot be written ends the sample with its reason and status 1.
    public func write(frame k: Int, at time: Double) {
        do {
            try recorder?.write(frame: k, at: time)
        } catch {
            Self.fail(error)
        }
    }

    /// The directory given with `--frames`, nil without; any other argument
    /// ends the sample with its usage and status 2.
    static let directory: String? = {
        let arguments = CommandLine.arguments.dropFirst()
        switch (arguments.first, arguments.count) {
        case (nil, _): return nil
        case ("--frames", 2): return arguments.last
        default:
            FileHandle.standardError.write(Data("usage: \(programName) [--frames DIR]\n".utf8))
            exit(2)
        }
    }()

    private static var programName: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "sample").lastPathComponent
    }

    private static func fail(_ error: any Error) -> Never {
        FileHandle.standardError.write(Data("\(programName): \(error)\n".utf8))
        exit(1)
    }
}
