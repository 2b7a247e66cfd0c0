import Foundation
import ALSATestSupport
import TestSupport

/// A running `swell play` or `swell mixer` session on the test ALSA
/// configuration, with a runtime directory of its own — so sessions of
/// other tests running at the same time are not seen — driven by
/// `swell ctl`.
final class LiveSession {
    let workspace: Workspace
    let alsa: ALSATestConfiguration
    let process: SwellProcess.Running
    let environment: [String: String]

    /// Starts `swell ARGUMENTS` and waits for its control socket.
    init(_ arguments: [String], workspace: Workspace, alsa: ALSATestConfiguration) throws {
        self.workspace = workspace
        self.alsa = alsa
        environment = alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new }
        process = try SwellProcess.start(arguments, environment: environment)
        try waitUntil("the control socket appears") {
            guard !process.hasExited else { throw TestSupportError("swell ended: \(try process.wait())") }
            return FileManager.default.fileExists(atPath: socket)
        }
    }

    deinit { process.stop() }

    var socket: String { workspace.path("swell/\(process.processIdentifier).sock") }

    func ctl(_ arguments: [String]) throws -> SwellProcess.Result {
        try SwellProcess.run(["ctl"] + arguments, environment: environment)
    }

    /// The session's `status` reply.
    func status() throws -> [String: Any] {
        try RawClient.exchange(socket, Array(#"{"status": true}"#.utf8) + [UInt8(ascii: "\n")]).first ?? [:]
    }

}

/// SoX, the peer that makes the test signals and reads them back.
enum Sox {
    /// Runs `sox ARGUMENTS`, failing on a non-zero exit.
    static func run(_ arguments: [String]) throws {
        _ = try Subprocess.run("sox", arguments).requireSuccess()
    }

    /// The samples of `path` as SoX decodes them, interleaved, as 32-bit
    /// integers scaled to [−1, 1) — the scale the capture devices record.
    static func samples(of path: String, in workspace: Workspace) throws -> [Double] {
        let raw = workspace.path("sox-\(UUID().uuidString).raw")
        try run([path, "-t", "raw", "-e", "signed-integer", "-b", "32", raw])
        return try RawAudio.read(URL(fileURLWithPath: raw), format: .signed32)
    }
}
