import SwellCommands
import SwellSession
import Foundation
import SwellMedia
import SwellRender
import SwellScript

/// `swell render --script scene.json -o out.mp4|out.webm|out.mkv|out.gif`
/// (docs/video.md#export): the scene's frames, as a PNG sequence's
/// (``SceneFrameJob``: the canvas, `--size`, `--scale`, the times from
/// `--start` to `--end` at `--fps`), encoded into one file with the
/// script's audio layers mixed by the audio engine, as `swell render
/// --script scene.json -o out.wav` mixes them.
///
/// The frames are rendered on this thread; ``VideoExporter`` encodes them
/// and the mix on threads of their own.
package struct SceneVideoJob {
    /// The pictures: script, canvas and times, shared with PNG sequences.
    package var scene: SceneFrameJob
    package var container: VideoContainer
    /// `--rate` and `--channels` of the mix.
    package var format = MixFormatOptions()

    /// What was written.
    package struct Summary: CustomStringConvertible {
        package let output: String
        package let container: VideoContainer
        package let times: FrameTimes
        package let width: Int, height: Int
        /// The mix's rate and channels, when the video carries sound.
        package let sound: (sampleRate: Int, channelCount: Int)?

        package var description: String {
            let seconds = SceneFrameJob.Summary.seconds
            let sound = self.sound.map { ", with \(container.audioEncoderName ?? "") sound at \($0.sampleRate) Hz, "
                + "\($0.channelCount) channel\($0.channelCount == 1 ? "" : "s")" } ?? ""
            return "wrote \(output): \(times.count) frame\(times.count == 1 ? "" : "s") of \(width)×\(height) pixels "
                + "at \(seconds(times.fps)) fps (\(container.videoEncoderName))\(sound), the scene from "
                + "\(seconds(times.start)) s to \(seconds(times.time(ofFrame: times.count))) s"
        }
    }

    /// Renders, encodes and publishes the video. `progress` gets the frames
    /// handed to the encoder and their total; when `shouldContinue` returns
    /// false the export stops with ``RenderInterrupted`` and leaves nothing.
    package func run(progress: (Int, Int) -> Void = { _, _ in }, shouldContinue: () -> Bool = { true }) throws -> Summary {
        let kind = container == .gif ? "a GIF is an animation" : "a video is an animation"
        let canvas = try scene.canvas(for: kind)
        let session = try mixSession()
        // The frames' tree plays the mix's sources: every file is opened once.
        let stage = try scene.makeStage(files: session?.stage.files ?? [:])
        let times = try scene.sequenceTimes(of: stage)
        let sound = session.map { self.sound(of: $0, for: times) }
        let (host, clock) = SceneFrameJob.host(for: stage)
        let exporter = try VideoExporter(path: scene.output, container: container, width: canvas.pixelWidth,
                                         height: canvas.pixelHeight, fps: times.fps, sound: sound,
                                         overwrite: scene.overwrite)
        let renderer = Renderer()
        do {
            try FrameRecorder.step(host, through: times, on: clock) { k, time in
                guard shouldContinue() else { throw RenderInterrupted() }
                guard let snapshot = host.latestSnapshot else { throw FrameSequenceError.noLayers }
                try exporter.append(renderer.render(snapshot, at: time, into: canvas))
                progress(k + 1, times.count)
            }
            guard try exporter.finish(shouldContinue: shouldContinue) else { throw RenderInterrupted() }
        } catch {
            exporter.cancel()
            throw error
        }
        return Summary(output: scene.output, container: container, times: times, width: canvas.pixelWidth,
                       height: canvas.pixelHeight,
                       sound: sound.map { ($0.engine.sampleRate, $0.engine.channelCount) })
    }

    /// The script's audio layers on an offline engine, as `swell render`
    /// mixes them into a sound file, at a rate the container's codec takes;
    /// nil when the container carries no sound or the script is silent (no
    /// audio layer, no video with a sound track).
    private func mixSession() throws -> Session? {
        guard container.audioEncoderName != nil, scene.script.layers.contains(where: \.makesSound) else {
            return nil
        }
        if let rate = format.sampleRate, let rates = container.audioSampleRates, !rates.contains(rate) {
            throw AutomationError("\(container.name)'s \(container.audioEncoderName ?? "") sound is coded at "
                                  + rates.map(String.init).joined(separator: ", ") + " Hz, not --rate \(rate)")
        }
        let session = try Session(inputs: [], script: scene.script, options: scene.options, format: format,
                                  outputRates: container.audioSampleRates, mode: .offline)
        // The stage's set-up, committed here, before the engine moves to
        // the sound thread: a transaction belongs to the thread that opened
        // it, and this one's next flush comes with the first frame.
        CATransaction.flush()
        return session
    }

    /// The mix of `session` for the frames at `times`: sample n of the mix
    /// is at n/fs from the same origin as frame k at start + k/fps — the
    /// video's first sample is the one at `start`, and its length is the
    /// pictures', count/fps, both counted in samples.
    private func sound(of session: Session, for times: FrameTimes) -> VideoExporter.Sound {
        let rate = Double(session.engine.sampleRate)
        return VideoExporter.Sound(engine: session.engine,
                                   skippedFrames: Int64((times.start * rate).rounded()),
                                   frameCount: Int64((Double(times.count) / times.fps * rate).rounded()))
    }
}
