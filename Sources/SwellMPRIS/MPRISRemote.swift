import CMPRIS
import SwellSession

/// Another program's MPRIS player, commanded from the session bus: what
/// `swell mixer --then pause` calls when its ramp ends (docs/streams.md).
public enum MPRISRemote {
    /// Calls `action` on the player whose process is one of `processes`
    /// — the streams a ramp drove — or whose bus name is
    /// `org.mpris.MediaPlayer2.NAME`; returns its bus name, nil when no
    /// player matches. Throws when the bus or the call fails.
    @Sendable public static func command(_ action: PlayerAction, processes: [UInt32], name: String?) throws -> String? {
        let method = method(of: action)
        var player = [CChar](repeating: 0, count: 256)
        let result = processes.withUnsafeBufferPointer {
            swell_mpris_command_player($0.baseAddress, Int32($0.count), name, method, &player, player.count)
        }
        guard result >= 0 else { throw MPRISRemoteError("cannot reach the session bus to \(action.rawValue) the player") }
        return result == 1 ? String(decoding: player.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// The MPRIS method of `action`.
    static func method(of action: PlayerAction) -> String {
        switch action {
        case .pause: "Pause"
        case .stop: "Stop"
        case .next: "Next"
        }
    }
}
