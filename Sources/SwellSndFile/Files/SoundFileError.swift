import Foundation

/// A failure to open, read or write a sound file.
///
/// Every case names the file as the user spelled it, and ``description`` is one
/// line, ready for stderr: `cannot open 'x.wav': No such file or directory`.
/// Where libsndfile diagnosed the problem (a file that is not audio, a corrupt
/// or truncated header, a decoder that lost sync) its own reason is kept
/// verbatim, without the trailing full stop, because it is the most precise
/// explanation available.
public enum SoundFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened as audio: it is missing, unreadable, a
    /// directory, not a format libsndfile recognises, or its header is damaged.
    case cannotOpen(path: String, reason: String)

    /// The file opened, but has a channel count outside ``SoundFile/supportedChannelCounts``.
    case unsupportedChannelCount(path: String, channelCount: Int)

    /// A seek asked for a frame the file cannot reach.
    case cannotRead(path: String, reason: String)

    /// The data ended after `frame` frames, before the `frameCount` the
    /// file declares (`Int64.max`: a length not known) — a file cut short —
    /// or decoding failed there, for the decoder's `reason`.
    case prematureEnd(path: String, frame: Int64, frameCount: Int64, sampleRate: Int, reason: String?)

    /// The output already exists and replacing it was not asked for.
    case outputExists(path: String)

    /// The output cannot be made with these settings: an unknown file
    /// extension, an encoding the container cannot store, or a sample rate or
    /// channel count the codec rejects.
    case unsupportedOutput(path: String, reason: String)

    /// Writing, finishing or renaming the output failed (a full disk, a
    /// missing directory, no permission).
    case cannotWrite(path: String, reason: String)

    /// The file the error is about, as given by the caller.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .unsupportedChannelCount(let path, _),
            .cannotRead(let path, _), .prematureEnd(let path, _, _, _, _), .outputExists(let path),
            .unsupportedOutput(let path, _), .cannotWrite(let path, _):
            path
        }
    }

    public var description: String {
        description(writingTimes: { String(format: "%.3f s", $0) })
    }

    /// The description, with the times of a premature end written by `time`
    /// from seconds — the command line writes them as its progress line does.
    public func description(writingTimes time: (Double) -> String) -> String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open '\(path)': \(reason)"
        case .unsupportedChannelCount(let path, let channelCount):
            "cannot open '\(path)': \(Self.channelCountReason(channelCount))"
        case .cannotRead(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .prematureEnd(let path, let frame, let frameCount, let sampleRate, let reason):
            "'\(path)': premature end of data at \(time(Double(frame) / Double(sampleRate)))"
                + (frameCount == Int64.max ? "" : " of \(time(Double(frameCount) / Double(sampleRate)))")
                + (reason.map { " (\($0))" } ?? "")
        case .outputExists(let path):
            "'\(path)' exists (use --overwrite)"
        case .unsupportedOutput(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        }
    }

    /// Why `channelCount` is refused: "9 channels (1 to 8 are supported)".
    static func channelCountReason(_ channelCount: Int) -> String {
        let supported = SoundFile.supportedChannelCounts
        return "\(channelCount) channels (\(supported.lowerBound) to \(supported.upperBound) are supported)"
    }
}
