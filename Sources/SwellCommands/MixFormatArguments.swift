import SwellSession
import ArgumentParser
import SwellAudio

/// `--rate` and `--channels`, shared by `play` and `render`. (`curve` has a
/// `--rate` of its own, in points per second.)
///
/// Both use `.unconditional` parsing, so that a negative value reaches
/// ``validate()`` and gets its message instead of being read as an option.
package struct MixFormatArguments: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The sample rate to mix at; files at other rates are resampled (default: the input's).", valueName: "hz"))
    package var rate: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The channels to mix into, 1 to 8 (default: the widest file's).", valueName: "n"))
    package var channels: Int?

    package func validate() throws {
        let rates = MixFormatOptions.sampleRates
        if let rate, !rates.contains(rate) {
            throw ValidationError("--rate must be \(rates.lowerBound) to \(rates.upperBound) Hz, not \(rate)")
        }
        let counts = AudioEngine.supportedChannelCounts
        if let channels, !counts.contains(channels) {
            throw ValidationError("--channels must be \(counts.lowerBound) to \(counts.upperBound), not \(channels)")
        }
    }

    package var options: MixFormatOptions {
        MixFormatOptions(sampleRate: rate, channelCount: channels)
    }
}
