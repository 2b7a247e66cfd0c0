import Foundation
import SwellSession
import SwellSndFile

/// What a session's MPRIS properties show: published by the owning thread
/// after each of its turns, read by the bus thread to answer `Get` and to
/// tell which properties a `PropertiesChanged` signal names — so a client
/// never waits for the layer tree, nor the render thread for a client.
struct MPRISStatus: Equatable, Sendable {
    /// `PlaybackStatus`.
    enum Playback: String, Sendable {
        case playing = "Playing", paused = "Paused", stopped = "Stopped"
    }

    var playback: Playback
    /// The presented volume of the session's first layer — the one
    /// `swell ctl set volume=…` animates.
    var volume: Double
    /// Where the playing file is, in microseconds: its layer's local time
    /// (docs/audio.md#time-drives-the-media).
    var position: Int64
    var track: MPRISTrack?
    /// `CanSeek`: the playing file can move (``AudioSourceDescription/isSeekable``),
    /// which a stream cannot.
    var canSeek: Bool
    /// The session's seeks so far (``AutomationStage/seeks``), and where
    /// the last went in microseconds, for `Seeked`.
    var seeks: Int
    var seekedPosition: Int64

    /// The status of `session` now. The track is the file heard
    /// (``AutomationStage/playingLayer(at:)``), and keeps `previous`'s
    /// number while it is the same layer's; `tags` are the files' tags by
    /// path.
    init(session: Session, tags: [String: [SoundFileTag: String]], previous: MPRISTrack?) {
        let now = session.engine.currentTime
        let layer = session.stage.playingLayer(at: now)
        playback = session.engine.isRootLayerPaused ? .paused : session.isFinished ? .stopped : .playing
        volume = session.presentedVolume
        let length = layer?.source?.duration
        canSeek = layer?.source?.isSeekable ?? false
        seeks = session.stage.seeks.count
        seekedPosition = Int64((session.stage.seeks.position * 1e6).rounded())
        position = Int64(((layer.map { session.stage.position(of: $0, at: now) } ?? 0) * 1e6).rounded())
        track = layer.flatMap { layer in
            layer.source.map { source in
                let identity = ObjectIdentifier(layer)
                let number = previous.map { $0.layer == identity ? $0.number : $0.number + 1 } ?? 1
                return MPRISTrack(layer: identity, number: number, path: source.path,
                                  length: length.map { Int64(($0 * 1e6).rounded()) }, tags: tags[source.path] ?? [:])
            }
        }
    }

    private init(playback: Playback, volume: Double, position: Int64, track: MPRISTrack?, canSeek: Bool, seeks: Int,
                 seekedPosition: Int64) {
        self.playback = playback
        self.volume = volume
        self.position = position
        self.track = track
        self.canSeek = canSeek
        self.seeks = seeks
        self.seekedPosition = seekedPosition
    }
}

/// The file a session plays, as MPRIS's `Metadata` describes it.
struct MPRISTrack: Equatable, Sendable {
    /// The layer playing it: the next file, in a session of its own or
    /// later in a crossfaded sequence, is another track.
    let layer: ObjectIdentifier
    /// Counts the tracks of the `swell play`, from 1.
    let number: Int
    let path: String
    /// In microseconds; nil for a stream.
    let length: Int64?
    let tags: [SoundFileTag: String]

    /// `mpris:trackid`, which `SetPosition` names the track by.
    var id: String { "/org/swell/track/\(number)" }

    /// `Metadata`: `mpris:trackid` (a D-Bus object path, unique among the
    /// player's tracks), `mpris:length`, `xesam:url`, and the title,
    /// artist and album the file's tags give (the Xesam ontology's names,
    /// `xesam:artist` a list).
    var metadata: MPRISValue {
        var entries: [(key: String, value: MPRISValue)] = [("mpris:trackid", .objectPath(id))]
        if let length { entries.append(("mpris:length", .int64(length))) }
        if path != "-" { entries.append(("xesam:url", .string(URL(fileURLWithPath: path).absoluteString))) }
        if let title = tags[.title] { entries.append(("xesam:title", .string(title))) }
        if let artist = tags[.artist] { entries.append(("xesam:artist", .strings([artist]))) }
        if let album = tags[.album] { entries.append(("xesam:album", .string(album))) }
        return .dictionary(entries)
    }
}
