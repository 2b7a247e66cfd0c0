import SwellSession
import ArgumentParser

/// `--start`, `--end` and `--crossfade`, shared by `play` and `render`
/// (docs/cli.md#trimming, docs/cli.md#files-in-sequence).
package struct InputArguments: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("Start each input at TIME into it (SoX's trim, FFmpeg's -ss).",
                                                        valueName: "time"), transform: Parse.streamTime)
    package var start: TimeSpec?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop each input at TIME into it (FFmpeg's -to).", valueName: "time"),
            transform: Parse.streamTime)
    package var end: TimeSpec?

    @Option(parsing: .unconditional, help: ArgumentHelp("Play the inputs in sequence, each crossing into the next over TIME with equal power.",
                                                        valueName: "time"), transform: Parse.streamTime)
    package var crossfade: TimeSpec?

    package var options: InputOptions {
        var options = InputOptions()
        options.start = start
        options.end = end
        options.crossfade = crossfade
        return options
    }
}
