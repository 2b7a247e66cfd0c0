import SwellSession
import ArgumentParser
import SwellALSA
import SwellCharts
import SwellMedia
import SwellRender
import SwellScript
import SwellSndFile

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render files through their automation into a new file.",
        discussion: """
        The output's format follows its extension (wav, aiff, flac, ogg, opus, mp3, caf, au, w64, rf64, \
        raw) or --type. It is written beside the target under a temporary name and renamed when \
        complete, so an interrupted render leaves nothing behind; an existing file is only replaced \
        with --overwrite. - is standard input or output, as for SoX and FFmpeg.

        A --script with a "canvas" is a scene, drawn as PNG: -o FILE.png one frame at \
        --at; -o 'frames/%04d.png' (one %d or %0Nd) or -o DIR/ (0000.png, 0001.png…) \
        a sequence, frame k the scene at START + k/FPS, from --start (default 0) up to \
        --end (default: where its animations end), which trim the inputs of a sound.

        -o FILE.mp4, .webm, .mkv or .gif exports the same frames as one video, with \
        the script's audio layers mixed in: H.264 and AAC in MP4, VP9 and Opus in \
        WebM, lossless FFV1 and FLAC in MKV, and a GIF (50 fps at most, its default) \
        with one palette and no sound.

        EXAMPLES:
          swell render in.wav -o out.wav --fade-in 2 --fade-out 2 --timing qsin
          swell render talk.flac -o quiet.flac --volume -6dB
          swell render song.wav -o ducked.wav --script duck.json --encoding float
          swell render live.flac -o cut.flac --start 1:30 --end 2:45 --fade-out 2
          swell render a.flac b.flac c.flac -o mix.flac --crossfade 3
          swell render lecture.flac -o lecture.opus --channels 1
          sox in.flac -t wav - | swell render - -o - --fade-in 2 | aplay
          swell render - --input-type raw:48000:2:s16le -o out.flac < in.raw
          swell render --script scene.json -o frame.png --at 1.5
          swell render --script scene.json -o 'frames/%04d.png' --fps 30 --end 2
          swell render --script scene.json -o scene.mp4
          swell render --script scene.json -o loop.gif --fps 25 --size 320x180
        """)

    @Argument(help: "The input files (any format libsndfile reads; - is standard input); several play one after another.")
    var inputs: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("For a scene's picture (-o FILE.png): the time it shows (default 0).",
                                                        valueName: "time"), transform: Parse.time)
    var at: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's frame sequence or video: frames per second (default 60; a GIF's 50).", valueName: "fps"))
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's pictures and video: the canvas in points, WxH (default: the script's).", valueName: "size"),
            transform: CanvasSize.init(parsing:))
    var size: CanvasSize?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's pictures and video: pixels per point (default: the script's).", valueName: "scale"))
    var scale: Double?

    /// Whether the output is a frame sequence of a scene.
    private var rendersSequence: Bool { FrameFileNames.namesSequence(output) }

    /// Whether the output is a picture of a scene rather than sound: one
    /// PNG or a sequence of them.
    private var rendersPicture: Bool { output.lowercased().hasSuffix(".png") || rendersSequence }

    /// The video a scene is exported to, by the output's extension: MP4,
    /// WebM, MKV or GIF.
    private var video: VideoContainer? { rendersSequence ? nil : VideoContainer(forPath: output) }

    /// Whether the output is a scene's frames over time: a sequence or a video.
    private var rendersFrames: Bool { rendersSequence || video != nil }

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; - is standard output.", valueName: "out"))
    var output: String

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(
        "The output's type, whatever its name (default: its extension; wav for -).", valueName: "type"),
            transform: Parse.container)
    var type: SoundFileContainer?

    @Option(name: .customLong("input-type"), help: ArgumentHelp(
        "Read the input as raw samples: raw:RATE:CHANNELS:ENCODING, e.g. raw:48000:2:s16le.", valueName: "type"),
            transform: Parse.rawFormat)
    var inputType: RawFormat?

    @OptionGroup var automation: AutomationArguments

    @OptionGroup var inputOptions: InputArguments
    @OptionGroup var mixFormat: MixFormatArguments

    @Option(help: "The output encoding (default: the input's, where the format allows).")
    var encoding: SampleEncoding?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For Ogg Vorbis, Opus and MP3: 0 (smallest file) to 10 (best sound).", valueName: "q"))
    var quality: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For Opus and MP3: the bit rate in kbit/s, e.g. 128k (MP3: constant, at MPEG's nearest rate).", valueName: "rate"),
            transform: Parse.bitrate)
    var bitrate: Double?

    @Option(name: .customLong("compression-level"), parsing: .unconditional, help: ArgumentHelp(
        "For FLAC: 0 (fastest) to 8 (smallest file), as flac -0 … -8.", valueName: "n"))
    var compressionLevel: Int?

    @Option(help: "Dither integer words with triangular noise of ±1 step, as SoX does when it reduces the word length.")
    var dither: Dither?

    /// `--dither tpdf`; the one kind there is.
    enum Dither: String, CaseIterable, ExpressibleByArgument { case tpdf }

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    var overwrite = false

    @Flag(help: "Allow gain above 0 dB (up to +24 dB).")
    var allowBoost = false

    @Flag(name: [.customShort("q"), .long], help: "No progress line.")
    var quiet = false

    func validate() throws {
        guard quality == nil || bitrate == nil else {
            throw ValidationError("--quality and --bitrate both set the encoder's compression: give one")
        }
        guard video == nil || (type == nil && encoding == nil && quality == nil && bitrate == nil
                               && compressionLevel == nil && dither == nil) else {
            throw ValidationError("--type, --encoding, --quality, --bitrate, --compression-level and --dither set a "
                                  + "sound file's encoder; a video's codecs follow its extension")
        }
        guard video == nil || inputs.isEmpty else {
            throw ValidationError("a video's sound is its script's audio layers: give no input files")
        }
        guard rendersPicture || video != nil || !inputs.isEmpty || automation.script != nil else {
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

    func run() throws {
        if let video {
            try exportVideo(video)
            return
        }
        if rendersPicture {
            var job = try sceneJob(kind: "a PNG is a picture", defaultFPS: SceneFrameJob.defaultFPS)
            job.time = at
            let summary = try job.run()
            if !quiet { print(summary) }
            return
        }
        let script = try automation.loadScript()
        if inputs.isEmpty, script?.canvas != nil, type == nil, output != "-", SoundFileContainer(forPath: output) == nil {
            throw AutomationError("'\(output)': unknown file extension for a scene (use png, a frame sequence "
                                  + "'%04d.png' or DIR/, \(VideoContainer.extensionList); or, for its sound, "
                                  + "\(SoundFileContainer.extensionList))")
        }
        var job = RenderJob(inputs: inputs, output: output)
        job.raw = inputType
        job.container = type
        job.encoding = encoding
        job.quality = quality
        job.bitrate = bitrate
        job.compressionLevel = compressionLevel
        job.dithers = dither == .tpdf
        job.overwrite = overwrite
        job.script = script
        job.options = automation.options
        job.inputOptions = inputOptions.options
        job.format = mixFormat.options
        job.allowsBoost = allowBoost
        let line = ProgressLine(quiet: quiet)
        defer { line.finish() }
        _ = try job.run(progress: { frames, total, session in
            line.update(time: session.engine.time(ofFrame: frames), duration: session.duration,
                        gainDecibels: session.presentedGainDecibels)
        }, shouldContinue: { !Interrupt.isRequested })
    }

    /// The scene's pictures as the options ask: its script, the times from
    /// --start to --end at --fps (else `defaultFPS`), the canvas with
    /// --size and --scale. `kind` says what the output is when there is no
    /// script ("a PNG is a picture").
    private func sceneJob(kind: String, defaultFPS: Double) throws -> SceneFrameJob {
        guard let script = try automation.loadScript() else {
            throw AutomationError("\(kind) of a scene: give a --script with a \"canvas\"")
        }
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
    private func exportVideo(_ container: VideoContainer) throws {
        let scene = try sceneJob(kind: "a video is an animation", defaultFPS: container.defaultFrameRate)
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
