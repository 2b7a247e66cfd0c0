import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// A command loads only the libraries it uses (docs/architecture.md#two-executables):
/// `swell` links no drawing library, and hands a command that draws to
/// `swell-draw`; libsystemd is loaded only by a session that serves MPRIS
/// on a bus that exists. What a process loaded is read where the system
/// keeps it: the dynamic loader's own account (`LD_DEBUG=files`) for a
/// command that ends, `/proc/PID/maps` for a session while it plays.
@Suite("start-up: what each command loads")
struct StartupLibrariesTests {
    /// The libraries of drawing and encoding pictures, and of the bus.
    static let heavy = ["libcairo", "libpango", "libavcodec", "libavformat", "libavfilter", "libswscale",
                        "libswresample", "libSDL2", "libsystemd"]

    /// The shared objects the dynamic loader initialised for `swell
    /// ARGUMENTS`, by file name, and how it exited.
    private func loaded(_ arguments: [String], environment: [String: String] = [:],
                        in workspace: Workspace) throws -> (names: Set<String>, status: Int32?) {
        var environment = environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = workspace.path("ld")
        let result = try SwellProcess.run(arguments, environment: environment, directory: workspace.directory)
        var names = Set<String>()
        for file in try workspace.entries() where file.hasPrefix("ld.") {
            let text = try String(contentsOfFile: workspace.path(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("calling init:") {
                names.insert(String(line.split(separator: "/").last ?? ""))
            }
            try FileManager.default.removeItem(atPath: workspace.path(file))
        }
        return (names, result.status)
    }

    @Test("commands that sound, drive a mixer, list or talk load none of Cairo, Pango, FFmpeg, SDL2 or libsystemd")
    func leanCommands() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput("in.wav", sampleRate: 48_000, frames: 4800, channels: 2)
        let script = workspace.path("mix.json")
        try #"{"version": 1, "layers": [{"name": "m", "type": "audio", "file": "in.wav"}]}"#
            .write(toFile: script, atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["--version"], ["--help"], ["render", input, "-o", "out.wav", "--fade-in", "0.05"],
            ["render", "--script", script, "-o", "mix.flac"],
            ["curve", "--fade-in", "1", "--duration", "2", "--format", "csv"], ["curve", "--script", script, "--format", "json"],
            ["ctl", "list"], ["devices"],
        ]
        for command in commands {
            let (names, status) = try loaded(command, in: workspace)
            #expect(status == 0, "\(command)")
            #expect(names.contains { $0.hasPrefix("libsndfile") } || !command.contains("render"), "\(command): \(names)")
            // `devices` lists the sound server's streams through libpulse,
            // which is linked against libsystemd.
            let allowed = command == ["devices"] ? ["libsystemd"] : []
            let drawing = names.filter { name in
                Self.heavy.contains { name.hasPrefix($0) } && !allowed.contains { name.hasPrefix($0) }
            }
            #expect(drawing.isEmpty, "swell \(command.joined(separator: " ")) loaded \(drawing.sorted())")
        }
        // Only `devices`, of these, loads libpulse.
        let (render, _) = try loaded(["render", input, "-o", "out.wav", "--fade-in", "0.05"], in: workspace)
        #expect(!render.contains { $0.hasPrefix("libpulse") }, "\(render.sorted())")
        let (devices, _) = try loaded(["devices"], in: workspace)
        #expect(devices.contains { $0.hasPrefix("libpulse") }, "\(devices.sorted())")
    }

    @Test("a command that draws runs in swell-draw, with its libraries")
    func drawingCommand() throws {
        let workspace = try Workspace()
        let script = workspace.path("scene.json")
        try ##"{"version": 1, "canvas": {"width": 8, "height": 8, "backgroundColor": "#ff0000"}}"##
            .write(toFile: script, atomically: true, encoding: .utf8)
        let (names, status) = try loaded(["render", "--script", script, "-o", "frame.png"], in: workspace)
        #expect(status == 0)
        #expect(names.contains { $0.hasPrefix("libcairo") }, "\(names.sorted())")
        #expect(FileManager.default.fileExists(atPath: workspace.path("frame.png")))
    }

    /// The libraries mapped into a running process. Read to its end:
    /// `String(contentsOfFile:)` can stop after the first page of a
    /// `/proc` file, whose size reads as 0.
    private func mapped(_ pid: Int32) throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    @Test("a playing session loads libsystemd for MPRIS only when there is a session bus",
          .enabled(if: SessionBus.toolsInstalled, "needs dbus-daemon (scripts/setup installs it)"))
    func systemdOnlyWithABus() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput("in.wav", sampleRate: 48_000, frames: 48_000 * 30, channels: 2)
        let alsa = try ALSATestConfiguration()
        var environment = alsa.environment
        environment["XDG_RUNTIME_DIR"] = workspace.path("runtime")
        try FileManager.default.createDirectory(atPath: workspace.path("runtime"), withIntermediateDirectories: true)
        let arguments = ["play", input, "--device", ALSATestConfiguration.realtimePCM, "--quiet"]

        // No bus: no DBUS_SESSION_BUS_ADDRESS, and no bus socket in the
        // runtime directory.
        let alone = try SwellProcess.start(arguments, environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": ""]) { _, new in new })
        defer { alone.stop() }
        let socket = workspace.path("runtime/swell/\(alone.processIdentifier).sock")
        try waitUntil("the session plays") { FileManager.default.fileExists(atPath: socket) }
        #expect(try !mapped(alone.processIdentifier).contains("libsystemd"))
        alone.stop()

        // A bus: MPRIS loads libsystemd and takes its name.
        let bus = try SessionBus(directory: workspace.directory.path)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let served = try SwellProcess.start(arguments, environment: environment)
        defer { served.stop() }
        try waitUntil("playerctl lists the session") {
            try Subprocess.run("playerctl", ["-l"], environment: environment).standardOutput
                .contains("swell.instance\(served.processIdentifier)")
        }
        #expect(try mapped(served.processIdentifier).contains("libsystemd"))
    }
}
