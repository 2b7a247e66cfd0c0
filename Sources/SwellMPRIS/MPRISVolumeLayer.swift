import CMPRIS
import SwellSession

/// A layer whose animated `volume` is another player's MPRIS `Volume`, for
/// the players that honour it (docs/streams.md#mpris-players).
///
/// As a ``ServerVolumeLayer`` writes a stream's volume, `display()` sets
/// the player's `Volume` property on the session bus while `volume` moves,
/// only when it changed, and the value a ramp arrives at always. MPRIS
/// leaves the scale to the player; Swell writes the number as it is, 1
/// being the player's full volume.
open class MPRISVolumeLayer: CALayer, OutputLayer, PlayerLayer {
    @Dynamic(PropertyDeclaration.volume.displayed()) public var volume: Double = 1

    /// The player's bus name once found; nil for a layer that only computes
    /// its curve.
    public private(set) var player: String?
    private var remote: OpaquePointer?
    private var written: Double?
    /// The last error setting the volume, if any.
    public private(set) var writeError: MPRISRemoteError?
    public var outputFailure: (any Error)? { writeError }

    public override init() {
        super.init()
    }

    /// A layer on the player `org.mpris.MediaPlayer2.NAME`, starting at its
    /// volume; throws when the session bus cannot be reached or no such
    /// player is on it.
    public convenience init(player name: String) throws(MPRISRemoteError) {
        self.init()
        var found: Int32 = 0
        guard let remote = swell_mpris_remote_open(name, &found) else {
            throw MPRISRemoteError("cannot reach the session bus for the MPRIS player '\(name)'")
        }
        self.remote = remote
        guard found == 1 else {
            throw MPRISRemoteError("no MPRIS player '\(name)' on the session bus (playerctl -l lists them)")
        }
        player = String(cString: swell_mpris_remote_player(remote))
        var current = 1.0
        if swell_mpris_remote_volume(remote, &current) == 0 { volume = current }
        written = volume
        self.name = name
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Makes a script's `mpris` layers for a session's stage (nil for
    /// other kinds), connected to their players.
    public static func make(_ spec: LayerSpec) throws -> CALayer? {
        guard spec.type == .mpris else { return nil }
        return try MPRISVolumeLayer(player: spec.name(of: .player) ?? "")
    }

    deinit {
        swell_mpris_remote_close(remote)
    }

    /// Tells the player to pause, stop or go to the next track (`--then`).
    public func command(_ action: PlayerAction) throws {
        guard let remote else { return }
        guard swell_mpris_remote_call(remote, MPRISRemote.method(of: action)) == 0 else {
            throw MPRISRemoteError("the MPRIS player \(player ?? "") refused \(MPRISRemote.method(of: action))")
        }
    }

    /// Sets the player's `Volume` to the presented volume when it changed.
    open override func display() {
        guard let remote, let presented = presentation()?.volume, presented != written else { return }
        written = presented
        if swell_mpris_remote_set_volume(remote, max(presented, 0)) != 0 {
            writeError = MPRISRemoteError("the MPRIS player \(player ?? "") refused its Volume")
        }
    }
}

extension LayerParameter {
    /// An MPRIS layer's player: `org.mpris.MediaPlayer2.NAME`.
    public static let player = LayerParameter("player", .name, isRequired: true)
}

extension LayerKind {
    /// `"type": "mpris"`: an ``MPRISVolumeLayer`` on another player's
    /// `Volume` (docs/streams.md#mpris-players).
    public static let mpris = LayerKind("mpris", { MPRISVolumeLayer() }, noun: "MPRIS layer", parameters: [.player])

    /// What the command's scripts declare: a session's kinds and SwellMPRIS's.
    public static let command: [LayerKind] = session + [.mpris]
}

/// Another player out of reach — no session bus, no such player, a refused
/// call — in words: exit status 1, as any failure of the system.
public struct MPRISRemoteError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
