import SwellSession
import ArgumentParser
import Foundation

/// Parsers for the value syntax of docs/cli.md#values, for ArgumentParser's
/// `transform:`.
package enum Parse {
    /// A TIME in seconds, where no sample rate gives a sample count a length.
    package static func time(_ text: String) throws -> Double { try TimeSpec(parsing: text).seconds(atSampleRate: nil) }
    /// A TIME of a stream: seconds, or a sample count at the stream's rate.
    package static func streamTime(_ text: String) throws -> TimeSpec { try TimeSpec(parsing: text) }
    package static func level(_ text: String) throws -> Double { try LevelSpec(parsing: text).amplitude }
    package static func timing(_ text: String) throws -> TimingFunctionSpec { try TimingFunctionSpec(parsing: text) }
    package static func ramp(_ text: String) throws -> RampSpec { try RampSpec(parsing: text) }
    package static func loudness(_ text: String) throws -> Double { try LoudnessSpec.target(parsing: text) }
    package static func truePeak(_ text: String) throws -> Double { try LoudnessSpec.truePeak(parsing: text) }
    /// A playback rate: a number (`1.5`), or a percentage (`150%`).
    package static func speed(_ text: String) throws -> Double {
        let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let number, number.isFinite else { throw ValidationError("'\(text)' is not a rate: write 1.5 or 150%") }
        return number
    }
}

/// The automation options shared by `play`, `render` and `curve`.
///
/// Options whose values may start with `-` — a LEVEL in decibels such as
/// `-6dB`, or a negative number the parser should reject with its own
/// message — use ArgumentParser's `.unconditional` parsing, which takes the
/// next argument as the value even when it looks like an option.
package struct AutomationArguments: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("The volume: linear amplitude, percent or dB (0.5, 50%, -6dB).", valueName: "level"),
            transform: Parse.level)
    package var volume: Double?

    @Option(name: .customLong("fade-in"), parsing: .unconditional, help: ArgumentHelp("Fade in from silence over TIME.", valueName: "time"),
            transform: Parse.streamTime)
    package var fadeIn: TimeSpec?

    @Option(name: .customLong("fade-out"), parsing: .unconditional, help: ArgumentHelp("Fade out to silence over the last TIME.", valueName: "time"),
            transform: Parse.streamTime)
    package var fadeOut: TimeSpec?

    @Option(help: ArgumentHelp("The shape of fades and ramp segments (default linear).", valueName: "name"),
            transform: Parse.timing)
    package var timing: TimingFunctionSpec?

    @Option(help: ArgumentHelp("A volume ramp: \"T:V[:NAME] T:V[:NAME] ...\"; NAME shapes the segment ending at its point: a timing function, or Web Audio's exp or target(τ).",
                               valueName: "spec"),
            transform: Parse.ramp)
    package var ramp: RampSpec?

    @Option(help: ArgumentHelp("A JSON script of layers and timed events (version 1).", valueName: "file"))
    package var script: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The length: without an input file (curve), or to play or render less or more (in silence) than the input.", valueName: "time"), transform: Parse.streamTime)
    package var duration: TimeSpec?

    @Option(parsing: .unconditional, help: ArgumentHelp("Bring each file's integrated loudness (EBU R128) to LUFS, measured before it plays.", valueName: "lufs"),
            transform: Parse.loudness)
    package var loudness: Double?

    @Option(name: .customLong("true-peak"), parsing: .unconditional, help: ArgumentHelp("With --loudness: the true peak a gain may lift a file to (default -1dBTP).", valueName: "dbtp"),
            transform: Parse.truePeak)
    package var truePeak: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Play each file at RATE: 2 twice as fast and an octave up, as tape (1/16 to 16).", valueName: "rate"),
            transform: Parse.speed)
    package var speed: Double?

    @Option(name: .customLong("tape-stop"), parsing: .unconditional, help: ArgumentHelp("Slow the files to a stop over the last TIME, as a tape machine switched off.", valueName: "time"),
            transform: Parse.streamTime)
    package var tapeStop: TimeSpec?

    @Option(name: .customLong("duck-under"), help: ArgumentHelp("Mix FILE in, and duck the rest 12 dB under it while it speaks.", valueName: "file"))
    package var duckUnder: String?

    package var options: AutomationOptions {
        var options = AutomationOptions()
        options.volume = volume
        options.fadeIn = fadeIn
        options.fadeOut = fadeOut
        options.timing = timing ?? .named("linear")
        options.ramp = ramp
        options.duration = duration
        options.duckUnder = duckUnder
        options.speed = speed
        options.tapeStop = tapeStop
        options.loudness = loudness.map { LoudnessTarget(integrated: $0, truePeak: truePeak ?? LoudnessTarget.defaultTruePeak) }
        return options
    }

    package func loadScript() throws -> ScriptSpec? {
        try script.map { path in try ScriptSpec.read(scriptFile: path) }
    }
}

/// `--gain sample|display`.
extension GainPath: ExpressibleByArgument {}

/// `--encoding pcm16|pcm24|pcm32|float`.
extension SampleEncoding: ExpressibleByArgument {}

/// `--format csv|json|svg|png`.
extension CurveFormat: ExpressibleByArgument {}
