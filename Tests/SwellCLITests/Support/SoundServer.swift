import Foundation
import TestSupport

/// A sound server of a test's own: a D-Bus session bus, PipeWire, WirePlumber
/// and `pipewire-pulse` (PipeWire's PulseAudio server), in a private runtime
/// directory, with a null sink, ``sinkName``, as the default output — so
/// that `swell mixer --app/--sink` has other programs' streams to drive, and
/// `pactl`, `paplay` and `parecord` (pulseaudio-utils) play, record and read
/// them back in other processes.
///
/// Everything lives in ``directory``: it is the children's
/// `XDG_RUNTIME_DIR` (PipeWire's socket, `pulse/native`), their `HOME`, and
/// the parent of their `XDG_STATE_HOME` and `XDG_CONFIG_HOME`, so that nothing
/// a user's session has stored reaches the test. WirePlumber's stream
/// restore is switched off there (`restore-props`): otherwise it would give
/// a stream starting later the volume another stream of the same
/// application had last, which is what ``PulseTests`` checks Swell does;
/// and so are its device monitors (ALSA, Bluetooth, cameras): the null sink
/// is the only device.
///
/// ``environment`` is what a child process needs to reach this server; pass
/// it to `swell`, ``pactl(_:)`` and the players. ``stop()`` — or the end of
/// the object, however the test ended — kills every process the server
/// started (its players and recorders too) and removes the directory.
///
/// A tool that is missing is an error naming it, never a skipped test:
/// `scripts/setup` installs pipewire, wireplumber, pipewire-pulse,
/// pulseaudio-utils and dbus.
final class SoundServer {
    /// The null sink every stream plays to; its monitor is
    /// `swelltest.monitor`.
    static let sinkName = "swelltest"
    /// PulseAudio's volume of 0 dB (`PA_VOLUME_NORM`).
    static let norm = 65_536.0

    let directory: URL
    private(set) var environment: [String: String] = [:]
    private var bus: SessionBus?
    /// pipewire, wireplumber and pipewire-pulse, in the order started.
    private var daemons: [(name: String, process: Subprocess.Running)] = []
    /// Players and recorders started through the server.
    private var clients: [Subprocess.Running] = []
    private var stopped = false

    /// Starts the server and waits until `pactl info` answers and the null
    /// sink is the default (at most `timeout` seconds: a bound against a
    /// server that never comes up, which then fails with what the daemons
    /// printed).
    init(timeout: Double = 30) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-pulse-\(UUID().uuidString)")
        do {
            try start(timeout: timeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    private func start(timeout: Double) throws {
        let path = directory.path
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // WirePlumber reads these after its own configuration (50-…).
        let wireplumber = directory.appendingPathComponent("config/wireplumber")
        for part in ["main.lua.d", "bluetooth.lua.d"] {
            try FileManager.default.createDirectory(at: wireplumber.appendingPathComponent(part),
                                                    withIntermediateDirectories: true)
        }
        try Data("""
            -- Swell's tests: a stream starts at 100 %, whatever another stream of
            -- the same application was set to before; and no devices but the
            -- null sink, so that the test's server never opens (or reserves) the
            -- machine's sound cards or cameras, which the test's private bus
            -- cannot arbitrate with the user's session.
            stream_defaults.properties["restore-props"] = false
            stream_defaults.properties["restore-target"] = false
            alsa_monitor.enabled = false
            v4l2_monitor.enabled = false
            libcamera_monitor.enabled = false

            """.utf8).write(to: wireplumber.appendingPathComponent("main.lua.d/51-swell-tests.lua"))
        try Data("bluez_monitor.enabled = false\n".utf8)
            .write(to: wireplumber.appendingPathComponent("bluetooth.lua.d/51-swell-tests.lua"))

        let bus = try SessionBus(directory: path)
        self.bus = bus
        environment = [
            "XDG_RUNTIME_DIR": path,
            "PIPEWIRE_RUNTIME_DIR": path,
            "PULSE_RUNTIME_PATH": path + "/pulse",
            "HOME": path,
            "XDG_STATE_HOME": path + "/state",
            "XDG_CONFIG_HOME": path + "/config",
            "DBUS_SESSION_BUS_ADDRESS": bus.address,
        ]
        // Clients find the server the way a user's do, through
        // XDG_RUNTIME_DIR, unless this process's environment names another
        // server: then it is overridden (a child's environment is this
        // process's with these added).
        let inherited = ProcessInfo.processInfo.environment
        if inherited["PULSE_SERVER"] != nil { environment["PULSE_SERVER"] = "unix:\(path)/pulse/native" }
        if inherited["PIPEWIRE_REMOTE"] != nil { environment["PIPEWIRE_REMOTE"] = "pipewire-0" }

        for name in ["pipewire", "wireplumber", "pipewire-pulse"] {
            daemons.append((name, try launch(name, [])))
            if name == "pipewire" {
                try waitForDaemons("PipeWire's socket exists", timeout: timeout) {
                    FileManager.default.fileExists(atPath: path + "/pipewire-0")
                }
            }
        }
        try waitForDaemons("`pactl info` answers", timeout: timeout) { try pactl(["info"]).status == 0 }
        try pactl(["load-module", "module-null-sink", "sink_name=\(Self.sinkName)",
                   "sink_properties=device.description=swelltest"]).requireSuccess()
        // WirePlumber makes it the default: the session manager is running.
        // Until its default-nodes module runs, the request is refused ("Not
        // supported"), so it is asked again until it holds.
        try waitForDaemons("the null sink is the default sink", timeout: timeout) {
            _ = try pactl(["set-default-sink", Self.sinkName])
            return try pactl(["get-default-sink"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                == Self.sinkName
        }
    }

    /// Waits until `condition` holds, failing at once — with what the
    /// daemons printed — when one of them has ended, and after `timeout`.
    private func waitForDaemons(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            if let ended = daemons.first(where: { $0.process.hasExited }) {
                throw failure("\(ended.name) ended before \(what)")
            }
            guard Date() < deadline else { throw failure("timed out after \(timeout) s waiting until \(what)") }
            usleep(50_000)
        }
    }

    /// An error saying what went wrong starting the server and what each
    /// daemon printed; the daemons are stopped to read it.
    private func failure(_ reason: String) -> TestSupportError {
        var report = "the test's sound server (pipewire, wireplumber, pipewire-pulse in \(directory.path)) did not start: \(reason)"
        for (name, process) in daemons.reversed() {
            process.send(SIGTERM)
            let result = try? process.wait(timeout: 5)
            let text = result.map { "\($0.ending); stderr: " + String($0.standardError.suffix(1_500)) } ?? "did not stop"
            report += "\n\(name): \(text)"
        }
        return TestSupportError(report)
    }

    /// Ends every process the server started, newest first — each on
    /// SIGTERM, killed if it has not ended a few seconds later — and
    /// removes the directory. Nothing after the first call.
    func stop() {
        guard !stopped else { return }
        stopped = true
        for process in clients.reversed() + daemons.reversed().map(\.process) {
            process.send(SIGTERM)
            if (try? process.wait(timeout: 3)) == nil { process.stop() }
        }
        clients = []
        daemons = []
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Clients

    /// Starts `tool ARGUMENTS` with the server's environment and its
    /// signals unblocked.
    ///
    /// Foundation's `Process` starts children from a thread that blocks
    /// SIGINT and SIGTERM, and a blocked mask survives exec(2): PipeWire's
    /// daemons would then not end on SIGTERM, nor parecord finish its file
    /// on SIGINT (`swell` unblocks them itself, see Interrupt.install()).
    /// Perl clears the mask and execs the tool, which keeps Perl's process
    /// id, so a stream's `application.process.id` is the returned
    /// process's.
    private func launch(_ tool: String, _ arguments: [String]) throws -> Subprocess.Running {
        try Subprocess.launch(
            Subprocess.locate("perl"),
            ["-e", "use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec { $ARGV[0] } @ARGV or die \"$ARGV[0]: $!\"",
             Subprocess.locate(tool).path] + arguments,
            environment: environment)
    }

    /// Runs `pactl ARGUMENTS` against the server.
    @discardableResult
    func pactl(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run("pactl", arguments, environment: environment, timeout: 30)
    }

    /// A playback stream (a sink input) as `pactl -f json list sink-inputs`
    /// shows it.
    struct SinkInput {
        var index: Int
        var application: String
        var pid: Int32?
        /// Each channel's volume on PulseAudio's scale (65536 is 0 dB).
        var volumes: [Int]
        /// Each channel's volume in dB as pactl prints it ("-20.00 dB").
        var decibels: [String]
    }

    /// The playback streams, read by `pactl -f json list sink-inputs`.
    func sinkInputs() throws -> [SinkInput] {
        let result = try pactl(["-f", "json", "list", "sink-inputs"]).requireSuccess()
        guard let list = try JSONSerialization.jsonObject(with: result.outputData) as? [[String: Any]] else {
            throw TestSupportError("pactl -f json list sink-inputs printed no list: \(result.standardOutput)")
        }
        return try list.map { item in
            guard let index = item["index"] as? Int, let properties = item["properties"] as? [String: Any],
                  let volume = item["volume"] as? [String: [String: Any]] else {
                throw TestSupportError("a sink input pactl lists without index, properties or volume: \(item)")
            }
            let channels = volume.sorted { $0.key < $1.key }.map(\.value)
            return SinkInput(
                index: index, application: properties["application.name"] as? String ?? "",
                pid: (properties["application.process.id"] as? String).flatMap { Int32($0) },
                volumes: channels.compactMap { $0["value"] as? Int },
                decibels: channels.compactMap { $0["db"] as? String })
        }
    }

    /// The stream of the process `pid`, if the server lists it.
    func sinkInput(of pid: Int32) throws -> SinkInput? {
        try sinkInputs().first { $0.pid == pid }
    }

    /// The null sink's (or `sink`'s) volume: each channel's on PulseAudio's
    /// scale, and in dB as pactl prints it, read by `pactl -f json list
    /// sinks`.
    func sinkVolume(_ sink: String = SoundServer.sinkName) throws -> (volumes: [Int], decibels: [String]) {
        let result = try pactl(["-f", "json", "list", "sinks"]).requireSuccess()
        guard let list = try JSONSerialization.jsonObject(with: result.outputData) as? [[String: Any]],
              let item = list.first(where: { $0["name"] as? String == sink }),
              let volume = item["volume"] as? [String: [String: Any]] else {
            throw TestSupportError("pactl -f json list sinks has no sink \(sink): \(result.standardOutput)")
        }
        let channels = volume.sorted { $0.key < $1.key }.map(\.value)
        return (channels.compactMap { $0["value"] as? Int }, channels.compactMap { $0["db"] as? String })
    }

    /// A player started by ``play(_:as:)`` and its stream's index.
    struct Player {
        let process: Subprocess.Running
        let index: Int
    }

    /// Starts `paplay` playing `file` to the null sink as the client
    /// `client` (its `application.name`; the binary is `pacat`), and waits
    /// until the server lists its stream.
    func play(_ file: String, as client: String = "testplayer") throws -> Player {
        let process = try launch("paplay", ["--device=\(Self.sinkName)", "--client-name=\(client)", file])
        clients.append(process)
        var index: Int?
        try waitUntil("paplay's stream is listed") {
            if process.hasExited {
                throw TestSupportError("paplay \(file) ended before its stream was listed: \(try process.wait())")
            }
            index = try sinkInput(of: process.processIdentifier)?.index
            return index != nil
        }
        return Player(process: process, index: index!)
    }

    /// Starts `parecord` recording the null sink's monitor — what is
    /// played to it, mixed — to `file` as raw interleaved 32-bit float
    /// stereo at 48 kHz, with 20 ms fragments so that the end of the
    /// recording reaches the file when ``finishRecording(_:)`` stops it;
    /// waits until the server lists the recording.
    func record(to file: String) throws -> Subprocess.Running {
        let process = try launch("parecord", ["--device=\(Self.sinkName).monitor", "--raw", "--format=float32le",
                                              "--channels=2", "--rate=48000", "--latency-msec=20", file])
        clients.append(process)
        try waitUntil("parecord's recording is listed") {
            if process.hasExited { throw TestSupportError("parecord ended before it recorded: \(try process.wait())") }
            let outputs = try pactl(["-f", "json", "list", "source-outputs"]).requireSuccess()
            let list = try JSONSerialization.jsonObject(with: outputs.outputData) as? [[String: Any]] ?? []
            return list.contains {
                ($0["properties"] as? [String: Any])?["application.process.id"] as? String
                    == String(process.processIdentifier)
            }
        }
        return process
    }

    /// Stops a recording with SIGINT, on which parecord writes what it
    /// holds and exits, and returns its samples, interleaved.
    func finishRecording(_ recorder: Subprocess.Running, file: String) throws -> [Float] {
        recorder.interrupt()
        _ = try recorder.wait(timeout: 30)
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        return data.withUnsafeBytes { raw in
            (0..<data.count / 4).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    // MARK: PulseAudio's volume scale

    /// `pa_sw_volume_from_linear` (PulseAudio's src/pulse/volume.c): the
    /// cubic volume of a linear amplitude, `lround(cbrt(a)·65536)`.
    static func volume(forAmplitude amplitude: Double) -> Int {
        amplitude <= 0 ? 0 : Int(lround(cbrt(amplitude) * norm))
    }

    /// `pa_sw_volume_to_linear`: the amplitude of a cubic volume, (v/65536)³.
    static func amplitude(ofVolume volume: Int) -> Double {
        let v = Double(volume) / norm
        return v * v * v
    }
}
