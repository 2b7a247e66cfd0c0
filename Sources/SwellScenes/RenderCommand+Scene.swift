import ArgumentParser
import Foundation
import SwellCommands
import SwellMedia
import SwellRender
import SwellSession

/// `swell render` of a scene (docs/cli.md#scenes): one PNG at `--at`, a
/// frame sequence, or a video with its sound — by the output's name. An
/// output that is none of these, a sound file's included, is the sound's.
extension RenderCommand {
    /// Whether the output is a frame sequence of a scene.
    var rendersSequence: Bool { FrameFileNames.namesSequence(output) }

    /// Whether the output is a picture of a scene rather than sound: one
    /// PNG or a sequence of them.
    var rendersPicture: Bool { output.lowercased().hasSuffix(".png") || rendersSequence }

    /// The video a scene is exported to, by the output's extension: MP4,
    /// WebM, MKV or GIF.
    var video: VideoContainer? { rendersSequence ? nil : VideoContainer(forPath: output) }

    /// Whether the output is a scene's frames over time: a sequence or a video.
    var rendersFrames: Bool { rendersSequence || video != nil }

    /// Draws the scene as the output names it; an output that is no
    /// picture and no video is a sound file's (``renderSound(script:)``),
    /// or, for a scene without input files, a name no output has.
    func renderScene(script: ScriptSpec?) throws {
        if let file = LottieInput.file(in: inputs, script: automation.script) { return try renderLottie(file) }
        try validateScene(script: script)
        if let video { return try exportVideo(video, script: script) }
        if rendersPicture {
            var job = try sceneJob(script: script, kind: "a PNG is a picture", defaultFPS: SceneFrameJob.defaultFPS)
            job.time = at
            let summary = try job.run()
            if !quiet { print(summary) }
            return
        }
        if inputs.isEmpty, script?.canvas != nil, !writesSound {
            throw AutomationError("'\(output)': unknown file extension for a scene (use png, a frame sequence "
                                  + "'%04d.png' or DIR/, \(VideoContainer.extensionList); or, for its sound, "
                                  + "\(SoundFileContainer.extensionList))")
        }
        try renderSound(script: script)
    }

    /// The options that hold for a scene's pictures and video.
    private func validateScene(script: ScriptSpec?) throws {
        guard video == nil || (type == nil && encoding == nil && quality == nil && bitrate == nil
                               && compressionLevel == nil && dither == nil) else {
            throw ValidationError("--type, --encoding, --quality, --bitrate, --compression-level and --dither set a "
                                  + "sound file's encoder; a video's codecs follow its extension")
        }
        guard video == nil || inputs.isEmpty else {
            throw ValidationError("a video's sound is its script's audio layers: give no input files")
        }
        guard rendersPicture || video != nil || !inputs.isEmpty || script != nil else {
            throw ValidationError("missing the input file; a script's audio layers, or a scene's pictures (-o FILE.png, or a frame sequence), need none")
        }
        guard rendersPicture && !rendersSequence || at == nil else {
            throw ValidationError(rendersFrames ? "--at is the time of a single picture; "
                                      + "\(video == nil ? "a sequence" : "a video") runs from --start to --end"
                                  : "--at is the time of a scene's picture (-o FILE.png)")
        }
        guard rendersFrames || fps == nil else {
            throw ValidationError("--fps is the rate of a scene's frame sequence (-o 'frames/%04d.png' or -o DIR/) "
                                  + "or video (-o FILE.mp4, .webm, .mkv, .gif)")
        }
        guard rendersPicture || video != nil || (size == nil && scale == nil) else {
            throw ValidationError("--size and --scale set a scene's canvas (-o FILE.png, a frame sequence, or a video)")
        }
        guard !rendersPicture || rendersSequence || (inputOptions.start == nil && inputOptions.end == nil) else {
            throw ValidationError("--start and --end bound a frame sequence; one picture shows the scene --at a time")
        }
        guard fps.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw ValidationError("--fps must be a positive number of frames per second")
        }
        guard scale.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw ValidationError("--scale must be a positive number of pixels per point")
        }
    }

    /// The scene's pictures as the options ask: its script, the times from
    /// --start to --end at --fps (else `defaultFPS`), the canvas with
    /// --size and --scale. `kind` says what the output is when there is no
    /// script ("a PNG is a picture").
    private func sceneJob(script: ScriptSpec?, kind: String, defaultFPS: Double) throws -> SceneFrameJob {
        guard let script else { throw AutomationError("\(kind) of a scene: give a --script with a \"canvas\"") }
        var job = SceneFrameJob(script: script, output: output)
        job.start = try inputOptions.start?.seconds(atSampleRate: nil)
        job.end = try inputOptions.end?.seconds(atSampleRate: nil)
        job.fps = fps ?? defaultFPS
        job.size = size
        job.scale = scale
        job.options = automation.options
        job.overwrite = overwrite
        return job
    }

    /// A scene's frames and sound as one video file (docs/video.md#export).
    private func exportVideo(_ container: VideoContainer, script: ScriptSpec?) throws {
        let scene = try sceneJob(script: script, kind: "a video is an animation", defaultFPS: container.defaultFrameRate)
        var job = SceneVideoJob(scene: scene, container: container)
        job.format = mixFormat.options
        let line = ProgressLine(quiet: quiet)
        let summary: SceneVideoJob.Summary
        do {
            summary = try job.run(progress: { frames, total in
                line.update(time: Double(frames) / scene.fps, duration: Double(total) / scene.fps, gainDecibels: nil)
            }, shouldContinue: { !Interrupt.isRequested })
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        if !quiet { print(summary) }
    }
}
