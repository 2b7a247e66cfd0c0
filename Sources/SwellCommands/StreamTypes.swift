import SwellSession
import ArgumentParser

extension Parse {
    /// `-t`/`--type TYPE`: the output's kind by name, for `-o -` or a name
    /// without a known extension — `wav`, `au`, `raw`, `flac`, `ogg`,
    /// `opus`, `mp3`… (any of the extensions docs/cli.md#render lists). An
    /// unknown one is a one-line error naming them all.
    package static func container(_ text: String) throws -> SoundFileContainer {
        guard let container = SoundFileContainer(named: text) else {
            let names = SoundFileContainer.allCases.map(\.pathExtensions[0]).joined(separator: ", ")
            throw ValidationError("unknown type \(text.quotedForMessage) (use one of \(names))")
        }
        return container
    }

    /// `--input-type raw:RATE:CHANNELS:ENCODING` (docs/cli.md#pipes): samples
    /// without a header, described as FFmpeg describes them (`-f s16le -ar
    /// 48000 -ac 2`) in one word — `raw:48000:2:s16le`. ENCODING is one of
    /// `--encoding`'s names or FFmpeg's for the same words.
    package static func rawFormat(_ text: String) throws -> RawFormat {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let usage = "expected raw:RATE:CHANNELS:ENCODING, such as raw:48000:2:s16le"
        guard fields.count == 4, fields[0] == "raw" else { throw ValidationError(usage) }
        guard let rate = Int(fields[1]), (1...Int(Int32.max)).contains(rate) else {
            throw ValidationError("the sample rate \(fields[1].quotedForMessage) is not a positive whole number of Hz; \(usage)")
        }
        guard let channels = Int(fields[2]), SoundFile.supportedChannelCounts.contains(channels) else {
            throw ValidationError("the channel count \(fields[2].quotedForMessage) is not 1 to 8; \(usage)")
        }
        guard let encoding = SampleEncoding(rawValue: fields[3]) ?? ffmpegEncodings[fields[3]] else {
            let names = SampleEncoding.allCases.map(\.rawValue) + ffmpegEncodings.keys.sorted()
            throw ValidationError("unknown encoding \(fields[3].quotedForMessage) (use one of \(names.joined(separator: ", ")))")
        }
        return RawFormat(sampleRate: rate, channelCount: channels, encoding: encoding)
    }

    /// FFmpeg's names for the little-endian words of each encoding.
    private static let ffmpegEncodings: [String: SampleEncoding] = [
        "s16le": .pcm16, "s24le": .pcm24, "s32le": .pcm32, "f32le": .float,
    ]
}
