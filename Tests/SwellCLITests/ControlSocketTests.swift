import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell play`'s control socket and `swell ctl`, end to end: a session
/// plays a constant 0.5 on the test configuration's real-time fake device,
/// which records every frame, while `swell ctl` (or a raw socket client
/// written here) drives it; the recording is compared with the closed form
/// of the requested ramp. Each test has its own `XDG_RUNTIME_DIR`, so
/// sessions of other tests running at the same time are not seen.
@Suite("ctl: driving a running play session")
struct ControlSocketTests {
    static let sampleRate = 48_000

    /// A playing session: the child, its runtime directory, its device.
    final class Session {
        let workspace: Workspace
        let alsa: ALSATestConfiguration
        let process: SwellProcess.Running
        let environment: [String: String]

        /// Starts `swell play` of `seconds` of a constant 0.5 (stereo) and
        /// waits for its socket.
        init(seconds: Double, workspace: Workspace = try! Workspace(), extra: [String] = []) throws {
            self.workspace = workspace
            alsa = try ALSATestConfiguration()
            let input = try workspace.constantInput("in-\(UUID().uuidString).wav", sampleRate: ControlSocketTests.sampleRate,
                                                    frames: Int(seconds * Double(ControlSocketTests.sampleRate)), channels: 2)
            environment = alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new }
            process = try SwellProcess.start(
                ["play", input, "--device", ALSATestConfiguration.realtimePCM, "--quiet"] + extra, environment: environment)
            try waitUntil("the control socket appears") { FileManager.default.fileExists(atPath: socket) }
        }

        var directory: String { workspace.path("swell") }
        var socket: String { "\(directory)/\(process.processIdentifier).sock" }

        func ctl(_ arguments: [String]) throws -> SwellProcess.Result {
            try SwellProcess.run(["ctl"] + arguments, environment: environment)
        }

        /// The recording of the first channel, after the session ended.
        func captured() throws -> [Double] {
            let frames = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
            return stride(from: 0, to: frames.count, by: 2).map { frames[$0] }
        }

        deinit { process.stop() }
    }

    /// `set volume=-12dB --duration 300ms`: the gain falls from the one
    /// being heard to 10^(−12/20) = 0.2512 along a linear 300 ms ramp — no
    /// step larger than the ramp's slope per frame — and stays there.
    @Test("ctl set ramps from the presented volume to -12 dB") func setRamps() throws {
        let session = try Session(seconds: 2)
        let set = try session.ctl(["set", "volume=-12dB", "--duration", "300ms"])
        #expect(set.status == 0, "\(set)")
        #expect(set.standardOutput.isEmpty && set.standardError.isEmpty)
        let get = try session.ctl(["get", "main.volume"])
        #expect(get.status == 0, "\(get)")
        let presented = try #require(Double(get.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        let target = pow(10, -12.0 / 20)
        #expect(presented >= target - 1e-9 && presented <= 1 + 1e-9, "the presented volume is on the ramp: \(presented)")
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        // The file's 2 s; the device may record silence after them.
        let captured = try session.captured()
        #expect(captured.count >= 2 * Self.sampleRate)
        let gains = captured.prefix(2 * Self.sampleRate).map { $0 / Workspace.level }
        #expect(abs(gains[0] - 1) < 1e-6, "full volume before the request")
        let tail = gains[(gains.count - Self.sampleRate / 10)...]
        #expect(tail.allSatisfy { abs($0 - target) < 1e-6 }, "−12 dB after the ramp: \(tail.first ?? .nan)")
        let slope = (1 - target) / (0.3 * Double(Self.sampleRate))
        let steepest = zip(gains, gains.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(steepest <= slope * 1.001 + 1e-6, "no step steeper than the ramp: \(steepest) vs \(slope)")
        let ramping = gains.filter { $0 < 1 - 1e-6 && $0 > target + 1e-6 }.count
        #expect(abs(Double(ramping) - 0.3 * Double(Self.sampleRate)) <= 2, "the ramp lasts 300 ms: \(ramping) frames")
        #expect(!FileManager.default.fileExists(atPath: session.socket), "the socket is removed at the end")
    }

    @Test("get returns the presented value; pause and resume answer") func getPauseResume() throws {
        let session = try Session(seconds: 3)
        #expect(try session.ctl(["get", "main.volume"]).standardOutput == "1\n")
        #expect(try session.ctl(["set", "volume=0.25", "--duration", "0"]).status == 0)
        // The set is committed at the next frame not yet rendered, which is
        // heard a device buffer later: until then `get` reads the volume
        // still heard, 1, never anything between.
        var seen: Set<String> = []
        try waitUntil("the set is heard") {
            let value = try session.ctl(["get", "main.volume"]).standardOutput
            seen.insert(value)
            return value == "0.25\n"
        }
        #expect(seen.isSubset(of: ["1\n", "0.25\n"]), "\(seen)")
        #expect(try session.ctl(["pause"]).status == 0)
        #expect(try session.ctl(["resume"]).status == 0)
        let list = try session.ctl(["list"])
        let fields = list.standardOutput.split(separator: "\t")
        #expect(fields.first.map(String.init) == "\(session.process.processIdentifier)", "\(list)")
        #expect(fields.count == 4 && fields[2] == "0.25", "\(list)")
        session.process.interrupt()
        _ = try session.process.wait()
    }

    /// Requests the session refuses get one error line each — naming the
    /// line and column — and the session plays on.
    @Test("bad requests get one error line and the session plays on") func badRequests() throws {
        let session = try Session(seconds: 3)
        let replies = try RawClient.exchange(session.socket, Array(#"""
            {"layer": "main", "set": {"volume": "loud"}}
            {"layer": "nope", "set": {"volume": 1}}
            {"set": {"volume": -1}}
            {"get": "main.nothing"}
            {"set": 
            {"at": 1, "set": {"volume": 1}}

            """#.utf8) + Array(repeating: UInt8(ascii: " "), count: 70_000) + Array("\n{\"get\": \"main.volume\"}\n{\"status\"".utf8))
        #expect(replies.count == 9, "\(replies)")
        for reply in replies.prefix(6) {
            #expect(reply["error"] is String && reply["line"] as? Int == 1 && reply["column"] is Int, "\(reply)")
        }
        #expect(replies[safe: 6]?["error"] as? String == "the request is longer than 64 KiB")
        #expect(replies[safe: 7]?["value"] as? Double == 1, "the session answers on after the bad ones")
        #expect(replies[safe: 8]?["error"] as? String == "the request ends without a newline")
        let bad = try session.workspace.write("{\"get\": \"main.volume\"}\n{\"set\": {\"volum\": 1}}\n", to: "bad.jsonl")
        let send = try session.ctl(["send", bad])
        #expect(send.status == 2)
        #expect(send.errorLines.count == 1 && send.standardError.hasPrefix("swell: error: \(bad):2:10: "), "\(send)")
        #expect(!session.process.hasExited)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        #expect(try session.captured().count >= 3 * Self.sampleRate, "the whole file was played")
    }

    /// `ctl send` of an "automate" request: Web Audio's calls made at the
    /// session's time — a start time already past is now — so the gain
    /// follows setTargetAtTime's formula from the frame the call was made
    /// on; a refused request is the reply's located line.
    @Test("ctl send of Web Audio's calls: setTargetAtTime from now, and a refusal at its call")
    func sendSchedule() throws {
        let session = try Session(seconds: 2)
        let requests = try session.workspace.write("""
            {"automate": "volume", "calls": [["setTargetAtTime", 0.25, 0, 0.05]]}
            {"automate": "volume", "calls": [["setValueCurveAtTime", [1, 0], 0, 100], ["setValueAtTime", 1, 50]]}

            """, to: "duck.jsonl")
        let send = try session.ctl(["send", requests])
        #expect(send.status == 2, "\(send)")
        #expect(send.errorLines.count == 1 && send.standardError.hasPrefix(
            "swell: error: \(requests):2:75: an event at 50.0 s falls inside the value curve from "), "\(send)")
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        let gains = try session.captured().prefix(2 * Self.sampleRate).map { $0 / Workspace.level }
        // The call's frame is the last at 1: the formula is 1 there.
        let start = try #require(gains.firstIndex { $0 < 1 - 1e-9 }, "the volume falls") - 1
        let worst = gains.indices.dropFirst(start).map { n in
            abs(gains[n] - WebAudioFormula.target(Double(n - start) / Double(Self.sampleRate), 1, 0, 0.25, 0.05))
        }.max() ?? .infinity
        #expect(worst <= 1e-6, "setTargetAtTime from frame \(start): worst error \(worst)")
    }

    @Test("the directory is 0700, the socket 0600, and a dead session's socket is removed") func permissions() throws {
        let workspace = try Workspace()
        let directory = workspace.path("swell")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        // A pid that ended: a child that has been waited for.
        let child = try Subprocess.launch(Subprocess.locate("true"), [])
        let dead = child.processIdentifier
        _ = try child.wait()
        let stale = "\(directory)/\(dead).sock"
        #expect(FileManager.default.createFile(atPath: stale, contents: nil))
        let session = try Session(seconds: 3, workspace: workspace)
        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(directory) == 0o700)
        #expect(try mode(session.socket) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: stale))
        let gone = try session.ctl(["get", "main.volume", "--pid", "\(dead)"])
        #expect(gone.status == 1 && gone.errorLines.count == 1, "\(gone)")
        session.process.interrupt()
        _ = try session.process.wait()
    }

    /// The kernel's credentials are the second line of defence: with the
    /// modes opened up (as if a user had loosened them), a process of
    /// another user — `nobody`, through util-linux's `setpriv` — reaches
    /// the socket and is refused. Needs root to switch users.
    @Test("a peer of another user is refused", .enabled(if: getuid() == 0))
    func otherUserRefused() throws {
        let session = try Session(seconds: 3)
        #expect(chmod(session.directory, 0o711) == 0 && chmod(session.socket, 0o666) == 0)
        let result = try Subprocess.run(
            Subprocess.locate("setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", SwellProcess.executable().path,
             "ctl", "--pid", "\(session.process.processIdentifier)", "get", "main.volume"],
            environment: session.environment)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError == "swell: error: permission denied: the session belongs to another user\n", "\(result)")
        #expect(try session.ctl(["get", "main.volume"]).standardOutput == "1\n", "its own user is still served")
        session.process.interrupt()
        _ = try session.process.wait()
    }

    @Test("SIGINT and SIGTERM remove the socket", arguments: [SIGINT, SIGTERM])
    func signalsRemoveSocket(signal: Int32) throws {
        let session = try Session(seconds: 30)
        session.process.send(signal)
        let result = try session.process.wait()
        #expect(result.status == 128 + signal, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: session.socket))
    }

    /// `--hold`: after the file the session plays silence, its clock
    /// running on, until `ctl stop` ends it with exit 0.
    @Test("play --hold plays silence after the file until ctl stop") func hold() throws {
        let session = try Session(seconds: 0.5, extra: ["--hold"])
        try waitUntil("the session is past 1 s") {
            let fields = try session.ctl(["list"]).standardOutput.split(separator: "\t")
            return fields.count == 4 && Double(fields[1]) ?? 0 >= 1
        }
        #expect(!session.process.hasExited, "still open after the file's end")
        let stop = try session.ctl(["stop"])
        #expect(stop.status == 0, "\(stop)")
        let result = try session.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let captured = try session.captured()
        let file = Self.sampleRate / 2
        #expect(captured.count >= 2 * file, "silence was played after the file")
        #expect(captured.prefix(file).allSatisfy { abs($0 - Workspace.level) < 1e-6 })
        #expect(captured.dropFirst(file).allSatisfy { $0 == 0 })
        #expect(!FileManager.default.fileExists(atPath: session.socket))
    }

    /// Control is an extra: where the directory cannot be made (here the
    /// runtime directory is a file), the session says so and plays.
    @Test("without a socket the session warns and plays") func noSocket() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: Self.sampleRate / 10, channels: 2)
        let runtime = try workspace.write("", to: "not-a-directory")
        let result = try SwellProcess.run(
            ["play", input, "--device", ALSATestConfiguration.capturePCM],
            environment: alsa.environment.merging(["XDG_RUNTIME_DIR": runtime]) { _, new in new })
        #expect(result.status == 0, "\(result)")
        #expect(result.errorLines.count == 1 && result.standardError.hasPrefix("swell: warning: no control socket"), "\(result)")
        #expect(try alsa.captured(by: ALSATestConfiguration.capturePCM).count >= 2 * Self.sampleRate / 10)
    }

    /// A second `set` in the middle of a ramp starts from the value being
    /// heard: the gain turns around without a step larger than either
    /// ramp's slope per frame.
    @Test("a set mid-ramp turns it around without a jump") func turnAround() throws {
        let session = try Session(seconds: 2.5)
        #expect(try session.ctl(["set", "volume=0", "--duration", "1s"]).status == 0)
        try waitUntil("the ramp is under way") {
            let value = Double(try session.ctl(["get", "main.volume"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1
            return value < 0.9
        }
        #expect(try session.ctl(["set", "volume=1", "--duration", "300ms"]).status == 0)
        _ = try session.process.wait()
        let gains = try session.captured().prefix(5 * Self.sampleRate / 2).map { $0 / Workspace.level }
        let steepest = zip(gains, gains.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        // The return climbs from at most 1 to 1 over 300 ms.
        #expect(steepest <= 1 / (0.3 * Double(Self.sampleRate)) * 1.001 + 1e-6, "\(steepest)")
        #expect(gains.min() ?? 0 > 0, "the ramp to 0 never finished")
        #expect(abs((gains.last ?? 0) - 1) < 1e-6)
    }

    @Test("ctl with no session, or with two, is one clear error") func noOrTwoSessions() throws {
        let workspace = try Workspace()
        let none = try SwellProcess.run(["ctl", "get", "main.volume"],
                                        environment: ["XDG_RUNTIME_DIR": workspace.directory.path])
        #expect(none.status == 1 && none.standardError == "swell: error: no swell session is running\n", "\(none)")
        // A file of requests is read before any session is looked for: one
        // that is missing is bad input; a FIFO (a shell's `<(…)`) reads as a
        // file does, and then finds no session.
        let missing = try SwellProcess.run(["ctl", "send", workspace.path("none.jsonl")],
                                           environment: ["XDG_RUNTIME_DIR": workspace.directory.path])
        #expect(missing.status == 2 && missing.standardError == "swell: error: \(workspace.path("none.jsonl")): no such file\n",
                "\(missing)")
        let fifo = workspace.path("requests.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread { try? Data("{\"status\": true}\n".utf8).write(to: URL(fileURLWithPath: fifo)) }
        writer.start()
        let piped = try SwellProcess.run(["ctl", "send", fifo], environment: ["XDG_RUNTIME_DIR": workspace.directory.path])
        #expect(piped.status == 1 && piped.standardError == "swell: error: no swell session is running\n", "\(piped)")
        let first = try Session(seconds: 30, workspace: workspace)
        let second = try Session(seconds: 30, workspace: workspace)
        let two = try first.ctl(["get", "main.volume"])
        #expect(two.status == 2 && two.errorLines.count == 1, "\(two)")
        for session in [first, second] {
            #expect(two.standardError.contains("\(session.process.processIdentifier)"), "\(two)")
            #expect(try first.ctl(["get", "main.volume", "--pid", "\(session.process.processIdentifier)"]).status == 0)
            session.process.interrupt()
            _ = try session.process.wait()
        }
    }
}

/// A client of the control socket written against the kernel's API, not
/// swell's: sends `bytes` as they are, closes its sending side, and reads
/// every reply line until the session closes the connection.
enum RawClient {
    static func exchange(_ path: String, _ bytes: [UInt8]) throws -> [[String: Any]] {
        let connection = try connect(path)
        defer { close(connection) }
        // A session that refuses the connection may have closed it before
        // the request is written; its reply is still there to read.
        try? write(bytes, to: connection)
        shutdown(connection, Int32(SHUT_WR))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return try received.split(separator: UInt8(ascii: "\n")).map(reply)
    }

    /// A connected socket to `path`.
    static func connect(_ path: String) throws -> Int32 {
        let connection = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(connection)
            throw TestSupportError("cannot connect to \(path): \(reason)")
        }
        return connection
    }

    /// Writes all of `bytes`; throws, rather than raising SIGPIPE, when
    /// the session has closed the connection.
    static func write(_ bytes: [UInt8], to connection: Int32) throws {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw TestSupportError("write failed") }
            rest = rest.dropFirst(written)
        }
    }

    /// One reply line as a JSON object.
    static func reply(_ line: some Collection<UInt8>) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
