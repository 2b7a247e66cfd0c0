import ArgumentParser
import SwellSession

package struct RenderCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
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

        A Lottie animation (anim.json, or a .lottie archive) as the input is a scene of \
        its own, at its size (or --size, fitted and centred), --at counted from its \
        first frame, a sequence or a video at its frame rate to its end with its audio \
        layers' sound.

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
          swell render anim.json -o anim.mp4
          swell render anim.json -o frame.png --at 1.5 --size 1920x1080
        """)

    @Argument(help: "The input files (any format libsndfile reads; - is standard input); several play one after another.")
    package var inputs: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("For a scene's picture (-o FILE.png): the time it shows (default 0).",
                                                        valueName: "time"), transform: Parse.time)
    package var at: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's frame sequence or video: frames per second (default 60; a GIF's 50).", valueName: "fps"))
    package var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's pictures and video: the canvas in points, WxH (default: the script's).", valueName: "size"),
            transform: CanvasSize.init(parsing:))
    package var size: CanvasSize?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For a scene's pictures and video: pixels per point (default: the script's).", valueName: "scale"))
    package var scale: Double?

    /// Whether the output is sound, which `swell` renders itself: a sound
    /// file's extension, `--type`, or `-`. Anything else — a PNG, a frame
    /// sequence, a video, or a name that is none of them — is the scene's
    /// to draw (``SceneDrawing/renderScene(_:script:)``), which says which.
    package var writesSound: Bool {
        output == "-" || type != nil || SoundFileContainer(forPath: output) != nil
    }

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; - is standard output.", valueName: "out"))
    package var output: String

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(
        "The output's type, whatever its name (default: its extension; wav for -).", valueName: "type"),
            transform: Parse.container)
    package var type: SoundFileContainer?

    @Option(name: .customLong("input-type"), help: ArgumentHelp(
        "Read the input as raw samples: raw:RATE:CHANNELS:ENCODING, e.g. raw:48000:2:s16le.", valueName: "type"),
            transform: Parse.rawFormat)
    package var inputType: RawFormat?

    @OptionGroup package var automation: AutomationArguments

    @OptionGroup package var inputOptions: InputArguments
    @OptionGroup package var mixFormat: MixFormatArguments

    @Option(help: "The output encoding (default: the input's, where the format allows).")
    package var encoding: SampleEncoding?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For Ogg Vorbis, Opus and MP3: 0 (smallest file) to 10 (best sound).", valueName: "q"))
    package var quality: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For Opus and MP3: the bit rate in kbit/s, e.g. 128k (MP3: constant, at MPEG's nearest rate).", valueName: "rate"),
            transform: Parse.bitrate)
    package var bitrate: Double?

    @Option(name: .customLong("compression-level"), parsing: .unconditional, help: ArgumentHelp(
        "For FLAC: 0 (fastest) to 8 (smallest file), as flac -0 … -8.", valueName: "n"))
    package var compressionLevel: Int?

    @Option(help: "Dither integer words with triangular noise of ±1 step, as SoX does when it reduces the word length.")
    package var dither: Dither?

    /// `--dither tpdf`; the one kind there is.
    package enum Dither: String, CaseIterable, ExpressibleByArgument { case tpdf }

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    package var overwrite = false

    @Flag(help: "Allow gain above 0 dB (up to +24 dB).")
    package var allowBoost = false

    @Flag(name: [.customShort("q"), .long], help: "No progress line.")
    package var quiet = false

    package init() {}

    /// What holds whatever the output: one compression setting. A sound's
    /// output takes no scene option; a scene's are checked where it is
    /// drawn (``SceneDrawing/renderScene(_:script:)``).
    package func validate() throws {
        guard quality == nil || bitrate == nil else {
            throw ValidationError("--quality and --bitrate both set the encoder's compression: give one")
        }
        guard writesSound else { return }
        guard !inputs.isEmpty || automation.script != nil else {
            throw ValidationError("missing the input file; a script's audio layers, or a scene's pictures (-o FILE.png, or a frame sequence), need none")
        }
        guard at == nil else { throw ValidationError("--at is the time of a scene's picture (-o FILE.png)") }
        guard fps == nil else {
            throw ValidationError("--fps is the rate of a scene's frame sequence (-o 'frames/%04d.png' or -o DIR/) "
                                  + "or video (-o FILE.mp4, .webm, .mkv, .gif)")
        }
        guard size == nil && scale == nil else {
            throw ValidationError("--size and --scale set a scene's canvas (-o FILE.png, a frame sequence, or a video)")
        }
    }

    package func run() throws {
        let script = try automation.loadScript()
        // A Lottie file's sound is its scene's: its images need the drawing.
        guard writesSound, LottieInput.file(in: inputs, script: automation.script) == nil else {
            return try Drawing.required().renderScene(self, script: script)
        }
        try renderSound(script: script)
    }

    /// Renders the inputs, or the script's audio layers, into the sound
    /// file the output names.
    package func renderSound(script: ScriptSpec?) throws {
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
}
