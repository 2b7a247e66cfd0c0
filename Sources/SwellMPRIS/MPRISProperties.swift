/// The properties of the MPRIS interfaces `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player`
/// (https://specifications.freedesktop.org/mpris-spec/latest/), by name —
/// the names are unique across the two.
///
/// A session plays the files it was started with, at their own speed, one
/// after the other: there is no track list to go to, no other rate, no
/// window to raise; it seeks in a file, not in a stream
/// (docs/control.md#media-keys-mpris).
extension MPRISStatus {
    func value(of property: String) -> MPRISValue? {
        switch property {
        // org.mpris.MediaPlayer2
        case "Identity": .string("Swell")
        case "CanQuit", "CanPlay", "CanPause", "CanControl": .bool(true)
        case "CanRaise", "HasTrackList", "CanGoNext", "CanGoPrevious": .bool(false)
        case "CanSeek": .bool(canSeek)
        case "SupportedUriSchemes": .strings(["file"])
        case "SupportedMimeTypes": .strings(Self.mimeTypes)
        // org.mpris.MediaPlayer2.Player
        case "PlaybackStatus": .string(playback.rawValue)
        case "Rate", "MinimumRate", "MaximumRate": .double(1)
        case "Volume": .double(volume)
        case "Position": .int64(position)
        case "Metadata": track?.metadata ?? .dictionary([])
        default: nil
        }
    }

    /// The kinds of file libsndfile reads.
    static let mimeTypes = [
        "audio/wav", "audio/x-wav", "audio/aiff", "audio/x-aiff", "audio/x-caf", "audio/basic", "audio/flac",
        "audio/ogg", "audio/opus", "audio/mpeg",
    ]
}
