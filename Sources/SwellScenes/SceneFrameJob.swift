import SwellCommands
import SwellSession
import Foundation
import SwellRender
import SwellScript

/// `swell render --script scene.json -o …` for a scene's pictures
/// (docs/cli.md#scenes): the script's layer tree on a manual clock, drawn
/// by SwellRender's ``FrameRecorder`` on the script's canvas (or `--size`
/// and `--scale`) and written as PNGs, each atomically.
///
/// - `-o frame.png`: one frame, the scene at `--at` (default 0).
/// - `-o 'frames/%04d.png'` or `-o frames/`: a sequence, frame k at
///   `start + k/fps` for k = 0 … ⌈(end − start)·fps⌉ − 1
///   (docs/cli.md#frame-sequences).
package struct SceneFrameJob {
    package var script: ScriptSpec
    package var output: String
    /// The time of a single frame.
    package var time: Double?
    /// A sequence's first time and end (exclusive); nil for the defaults, 0
    /// and where the script's animations end.
    package var start: Double?
    package var end: Double?
    /// A sequence's frames per second.
    package var fps = Self.defaultFPS
    /// `--fps` when it is not given: 60, a display's usual refresh.
    package static let defaultFPS = 60.0
    /// The canvas size in points and scale, overriding the script's.
    package var size: CanvasSize?
    package var scale: Double?
    package var options = AutomationOptions()
    package var overwrite = false

    /// What was written: the files, the frame count, the size in pixels, the
    /// rate and the times.
    package struct Summary: CustomStringConvertible {
        package let names: FrameFileNames
        package let times: FrameTimes
        package let isSequence: Bool
        package let width: Int, height: Int

        package var description: String {
            let size = "\(width)×\(height) pixels"
            guard isSequence else {
                return "wrote \(names.pattern): \(size), the scene at \(Self.seconds(times.start)) s"
            }
            let first = URL(fileURLWithPath: names.path(ofFrame: 0)).lastPathComponent
            let last = URL(fileURLWithPath: names.path(ofFrame: times.count - 1)).lastPathComponent
            return "wrote \(times.count) frame\(times.count == 1 ? "" : "s") \(names.pattern) (\(first) … \(last)): "
                + "\(size), \(Self.seconds(times.fps)) fps, the scene from \(Self.seconds(times.start)) s "
                + "to \(Self.seconds(times.time(ofFrame: times.count))) s"
        }

        /// A number as short as it reads exactly enough: `2`, `0.5`, `29.97`.
        package static func seconds(_ value: Double) -> String {
            String(format: "%.6g", value)
        }
    }

    /// Renders and writes the frames.
    package func run() throws -> Summary {
        let canvas = try self.canvas(for: "a PNG is a picture")
        let isSequence = FrameFileNames.namesSequence(output)
        let names = try isSequence ? FrameFileNames.sequence(output) : .single(output)
        let stage = try makeStage()
        let times = try isSequence ? sequenceTimes(of: stage) : FrameTimes(start: singleTime(), fps: 1, count: 1)
        let (host, clock) = Self.host(for: stage)
        let recorder = try FrameRecorder(host: host, canvas: canvas, names: names)
        if !overwrite, let existing = recorder.firstExisting(count: times.count) {
            throw FrameSequenceError.exists(path: existing)
        }
        try recorder.record(times, on: clock)
        return Summary(names: names, times: times, isSequence: isSequence,
                       width: canvas.pixelWidth, height: canvas.pixelHeight)
    }

    /// The script's layer tree, playing `files` — a session's, already
    /// open — or opening the script's files itself, once.
    package func makeStage(files: [String: any AudioSource] = [:]) throws -> AutomationStage {
        try AutomationStage(script: script, options: options, files: files, sampleRate: nil, openMixer: nil)
    }

    /// `stage` on a host whose clock is set by hand, frame by frame
    /// (``FrameRecorder/step(_:through:on:_:)``).
    package static func host(for stage: AutomationStage) -> (HeadlessHost, ManualClock) {
        let clock = ManualClock()
        let host = HeadlessHost(clock: clock)
        stage.install(on: host)
        return (host, clock)
    }

    /// The script's canvas with `--size` and `--scale` applied, within the
    /// pixels a side may have; `kind` says what the output is when the
    /// script has no canvas ("a PNG is a picture").
    package func canvas(for kind: String) throws -> Canvas {
        guard var canvas = script.canvas else {
            throw AutomationError("\(kind) of a scene: give a --script with a \"canvas\"")
        }
        if let size {
            canvas.width = size.width
            canvas.height = size.height
        }
        canvas.scale = scale ?? canvas.scale
        if let problem = canvas.sizeProblem { throw AutomationError(problem) }
        return canvas
    }

    private func singleTime() throws -> Double {
        let time = time ?? 0
        guard time >= 0, time.isFinite else { throw AutomationError("--at must be a finite, non-negative time") }
        return time
    }

    /// `--start` (default 0) to `--end` (default: ``defaultEnd(of:)``) at
    /// `--fps`; at least one frame. A video's frames too.
    package func sequenceTimes(of stage: AutomationStage) throws -> FrameTimes {
        let start = start ?? 0
        let end = try end ?? defaultEnd(of: stage)
        guard end > start else {
            throw AutomationError("the frames end at \(Summary.seconds(end)) s, not after they start at "
                                  + "\(Summary.seconds(start)) s: give a later --end")
        }
        return FrameTimes(start: start, end: end, fps: fps)
    }

    /// Where the scene ends: where it stops moving (``SceneEnd``) or, when
    /// its sound ends later, there — the length `swell render` gives the
    /// script's sound alone and `swell play` plays (the stage's length: its
    /// files' end, or `--duration`) — so that a scene set to music is not
    /// cut at its last animation.
    private func defaultEnd(of stage: AutomationStage) throws -> Double {
        let sound = script.layers.contains(where: \.makesSound) ? stage.length : nil
        let end = try SceneEnd(of: stage)
        if let animation = end.unending {
            guard let sound else { throw AutomationError("\(animation) never ends (it repeats forever): give --end") }
            return sound
        }
        return max(end.time, sound ?? 0)
    }
}
