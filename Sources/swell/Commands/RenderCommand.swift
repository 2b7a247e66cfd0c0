import ArgumentParser
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render files through their automation into a new file.",
        discussion: """
        The output's format follows its extension (wav, aiff, flac, ogg, opus, caf, au, w64, rf64). \
        It is written beside the target under a temporary name and renamed when complete, so an \
        interrupted render leaves nothing behind; an existing file is only replaced with --overwrite.

        EXAMPLES:
          swell render in.wav -o out.wav --fade-in 2 --fade-out 2 --timing qsin
          swell render talk.flac -o quiet.flac --volume -6dB
          swell render song.wav -o ducked.wav --script duck.json --encoding float
          swell render live.flac -o cut.flac --start 1:30 --end 2:45 --fade-out 2
          swell render a.flac b.flac c.flac -o mix.flac --crossfade 3
          swell render lecture.flac -o lecture.opus --channels 1
        """)

    @Argument(help: "The input files (any format libsndfile reads); several play one after another.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file.", valueName: "out"))
    var output: String

    @OptionGroup var automation: AutomationArguments

    @OptionGroup var inputOptions: InputArguments
    @OptionGroup var mixFormat: MixFormatArguments

    @Option(help: "The output encoding (default: the input's, where the format allows).")
    var encoding: SampleEncoding?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "For Ogg Vorbis, Opus and MP3: 0 (smallest file) to 10 (best sound).", valueName: "q"))
    var quality: Double?

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

    func run() throws {
        var job = RenderJob(inputs: inputs, output: output)
        job.encoding = encoding
        job.quality = quality
        job.dithers = dither == .tpdf
        job.overwrite = overwrite
        job.script = try automation.loadScript()
        job.options = automation.options
        job.inputOptions = inputOptions.options
        job.format = mixFormat.options
        job.allowsBoost = allowBoost
        let line = ProgressLine(quiet: quiet)
        defer { line.finish() }
        _ = try job.run(progress: { frames, total, session in
            line.update(time: session.engine.time(ofFrame: frames), duration: session.engine.time(ofFrame: total),
                        gainDecibels: session.presentedGainDecibels)
        }, shouldContinue: { !Interrupt.isRequested })
    }
}
