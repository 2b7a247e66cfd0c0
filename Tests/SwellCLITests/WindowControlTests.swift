import Foundation
import TestSupport
import Testing

/// A `play --window` session takes control requests as any play session
/// does (docs/control.md): `swell ctl pause` pauses the window's tree as
/// its space key does — the title says so, as `status` does — and
/// `swell ctl stop` closes the window with exit 0, removing the socket.
@Suite("play --window: driven by swell ctl", .enabled(if: VirtualDisplay.isInstalled, "Xvfb is not installed"))
struct WindowControlTests {
    @Test("ctl pause, get, resume and stop reach a window session")
    func pauseGetStop() throws {
        let display = try VirtualDisplay()
        let workspace = try Workspace()
        let script = try workspace.write(LiveWindowTests.scene(withSound: false), to: "scene.json")
        let environment = display.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { $1 }
        let swell = try SwellProcess.start(["play", "--script", script, "--window"], environment: environment,
                                           directory: workspace.directory)
        defer { swell.stop() }
        let window = try display.window(titled: "scene.json", shownBy: swell)
        let socket = workspace.path("swell/\(swell.processIdentifier).sock")
        try display.wait(for: "the control socket") { FileManager.default.fileExists(atPath: socket) }
        func ctl(_ arguments: [String]) throws -> SwellProcess.Result {
            try SwellProcess.run(["ctl"] + arguments, environment: environment)
        }

        #expect(try ctl(["pause"]).status == 0)
        try display.wait(for: "the title to say paused") { try display.title(of: window).hasSuffix(" - paused") }
        let status = try RawClient.exchange(socket, Array("{\"status\": true}\n".utf8)).first ?? [:]
        #expect(status["paused"] as? Bool == true, "\(status)")
        // The disc crosses from x = 30 to 290 in 4 s; paused, it holds.
        let x = try ctl(["get", "disc.position.x"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Double(x).map { (30...290).contains($0) } == true, "\(x)")
        usleep(200_000)
        #expect(try ctl(["get", "disc.position.x"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == x)
        #expect(try ctl(["resume"]).status == 0)
        try display.wait(for: "the title to play on") { !(try display.title(of: window).hasSuffix(" - paused")) }

        #expect(try ctl(["stop"]).status == 0)
        let result = try swell.wait(timeout: 60)
        #expect(result.status == 0, "ctl stop closes the window with status 0: \(result)")
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed")
    }
}
