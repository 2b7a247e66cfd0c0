import ArgumentParser
import Foundation
import SwellCharts
import SwellCommands
import SwellLottie
import SwellMedia
import SwellRender
import SwellSession
import SwellWindow

/// What `swell-draw` draws with: SwellRender's pictures and image files,
/// SwellMedia's videos, SwellWindow's live window and SwellCharts' curves
/// (docs/architecture.md#two-executables).
package struct SceneDrawingLibraries: SceneDrawing {
    package init() {}

    /// PNG and JPEG files, decoded by SwellRender: the pixels a layer shows
    /// (docs/scripts.md#image-contents).
    package var imageReader: ImageReader { ImageReader { file in try CGImage(contentsOfFile: file) } }

    /// Video files, opened by SwellMedia (docs/video.md#video-layers).
    package var videoReader: VideoReader { VideoReader { file in try VideoFile(path: file) } }

    /// A Lottie file's pictures, embedded or beside it, decoded by
    /// SwellRender (docs/lottie.md#images).
    package var lottieImages: LottieImageDecoder { LottieImageDecoder { data, name in try CGImage(data: data, name: name) } }

    package func renderScene(_ command: RenderCommand, script: ScriptSpec?) throws {
        try command.renderScene(script: script)
    }

    package func showWindow(_ command: PlayCommand, job: PlayJob) throws {
        try command.showWindow(job)
    }

    package func chart(_ table: CurveJob.Table, format: CurveFormat, title: String?) throws -> Data {
        let series = table.columns.map { column in
            ChartSeries(name: column.name,
                        points: zip(table.times, column.values).filter { $0.1.isFinite }.map { ChartPoint(x: $0, y: $1) })
        }
        let chart = Chart(title: title, xAxisTitle: "time (s)",
                          yAxisTitle: table.columns.count == 1 ? table.columns[0].name : "value", series: series)
        return format == .png ? try chart.pngData() : Data(try chart.svgDocument().utf8)
    }

    /// Exit status 2 for bad input — a frame pattern, an output that exists,
    /// a scene without layers, a chart that cannot be drawn, an export's
    /// bad input — and 1 for a failure of the libraries or the files.
    package func exitStatus(for error: any Error) -> Int32? {
        switch error {
        case is FFmpegError, is RenderError, is WindowUnavailable: 1
        case let error as ExportError: error.isBadInput ? 2 : 1
        case is ChartError: 2
        case let error as FrameSequenceError:
            switch error {
            case .badPattern, .exists, .noLayers: 2
            case .cannotCreateDirectory, .frameFailed: 1
            }
        default: nil
        }
    }
}

extension PlayCommand {
    /// `--window`: the scene on screen, on the sound's clock; a frame saved
    /// with S is reported on standard output.
    func showWindow(_ job: PlayJob) throws {
        var windowJob = WindowJob(play: job)
        if let script = automation.script { windowJob.name = URL(fileURLWithPath: script).lastPathComponent }
        windowJob.reportsStatistics = ProcessInfo.processInfo.environment["SWELL_FRAME_STATS"].map { !$0.isEmpty } ?? false
        windowJob.autoexit = autoexit
        try windowJob.run(shouldContinue: { !Interrupt.isRequested }, saved: { outcome in
            // Written at once, not buffered: whoever watches the output sees
            // each save as it happens. A save that fails is reported, and
            // the show goes on.
            switch outcome {
            case .success(let frame):
                FileHandle.standardOutput.write(Data("saved \(frame.path): the scene at \(frame.sceneTime) s\n".utf8))
            case .failure(let error):
                FileHandle.standardError.write(Data("swell: error: \(Failure.message(for: error))\n".utf8))
            }
        })
    }
}
