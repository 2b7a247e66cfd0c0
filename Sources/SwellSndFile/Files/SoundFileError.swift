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

    /// Decoding failed after the file opened (a corrupt or truncated stream),
    /// or a seek asked for a frame the file cannot reach.
    case cannotRead(path: String, reason: String)

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
            .cannotRead(let path, _), .outputExists(let path),
            .unsupportedOutput(let path, _), .cannotWrite(let path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open '\(path)': \(reason)"
        case .unsupportedChannelCount(let path, let channelCount):
            "cannot open '\(path)': \(Self.channelCountReason(channelCount))"
        case .cannotRead(let path, let reason):
            "cannot read '\(path)': \(reason)"
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
