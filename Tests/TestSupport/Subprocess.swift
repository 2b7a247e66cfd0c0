import Foundation

/// Runs a program in a child process — a peer tool the tests compare
/// against (SoX, FFmpeg, amixer, aplay, Python, a C compiler) or an
/// executable this package builds (`swell`, the samples) — and reports what
/// it printed and how it ended.
///
/// Standard output and standard error go into unlinked temporary files
/// rather than pipes, so a child can never block on a full pipe nobody is
/// reading, and nothing has to drain two pipes at once. Standard input is
/// empty (`/dev/null`). The exit is watched by ``ProcessExit``, never by
/// `Process.waitUntilExit()`.
///
/// A tool that is not installed is an error naming the tool, never a
/// skipped test: `scripts/setup` installs them all, and so does CI.
public enum Subprocess {
    /// How long a run may take before it is killed and reported as a
    /// failure rather than hanging the test run.
    public static let defaultTimeout = 120.0

    /// How a finished process ended and what it printed.
    public struct Result: Sendable, CustomStringConvertible {
        /// The program's name (the last component of its path) and its
        /// arguments, for messages.
        public var command: [String]
        /// The exit status, or nil when a signal ended the process.
        public var status: Int32?
        /// The signal that ended the process, if one did.
        public var signal: Int32?
        /// Standard output, byte for byte (raw samples for `sox … -t f32 -`).
        public var outputData: Data
        /// Standard error, byte for byte.
        public var errorData: Data

        /// Standard output as text.
        public var standardOutput: String { String(decoding: outputData, as: UTF8.self) }

        /// Standard error as text.
        public var standardError: String { String(decoding: errorData, as: UTF8.self) }

        /// The non-empty lines of standard error.
        public var errorLines: [Substring] { standardError.split(separator: "\n") }

        /// How the process ended, as a shell would say it.
        public var ending: String {
            status.map { "exit status \($0)" } ?? "signal \(signal ?? 0)"
        }

        public var description: String {
            "\(command[0]) ended with \(ending); stderr: \(standardError.debugDescription)"
        }

        /// Returns the result when the process exited with status 0; throws
        /// an error quoting the command and its standard error otherwise —
        /// for peer tools, whose failure is a broken test, not a finding.
        @discardableResult
        public func requireSuccess() throws -> Result {
            guard status == 0 else {
                throw TestSupportError(
                    "`\(command.joined(separator: " "))` ended with \(ending): "
                        + standardError.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return self
        }
    }

    /// Runs `tool`, found in `PATH`, with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: Variables added to this process's environment —
    ///     `ALSA_CONFIG_PATH` for a child that should see a test
    ///     configuration, `COLUMNS` for a fixed help width.
    ///   - directory: The working directory; the current one by default.
    ///   - timeout: A run that takes longer is killed and throws.
    public static func run(
        _ tool: String, _ arguments: [String] = [], environment: [String: String] = [:],
        directory: URL? = nil, timeout: Double = defaultTimeout
    ) throws -> Result {
        try run(locate(tool), arguments, environment: environment, directory: directory, timeout: timeout)
    }

    /// Runs the program at `executable` with `arguments` and waits for it.
    public static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:],
        directory: URL? = nil, timeout: Double = defaultTimeout
    ) throws -> Result {
        try launch(executable, arguments, environment: environment, directory: directory).wait(timeout: timeout)
    }

    /// Starts the program at `executable` and returns at once, for tests
    /// that signal a process or talk to it while it runs.
    ///
    /// - Parameter terminal: When given, the child's three standard streams
    ///   are this file (a pseudo-terminal's replica side) instead of `/dev/null`
    ///   and two captured files; the result then holds no output.
    public static func launch(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:],
        directory: URL? = nil, terminal: FileHandle? = nil
    ) throws -> Running {
        try Running(executable: executable, arguments: arguments, environment: environment,
                    directory: directory, terminal: terminal)
    }

    /// The executable `tool` in `PATH`, or the file itself when `tool` is
    /// a path.
    public static func locate(_ tool: String) throws -> URL {
        if tool.contains("/") { return URL(fileURLWithPath: tool) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestSupportError(
            "\(tool) is required for this test but was not found in PATH (scripts/setup installs the tools the tests use)")
    }

    /// The executable product `name` of this package, built beside the test
    /// runner.
    ///
    /// SwiftPM puts every product of a build in one directory, and the test
    /// runner is in it: on Linux the `…PackageTests.xctest` executable
    /// itself (`Bundle.main`), on macOS a bundle that `xctest` loads. A test
    /// target that depends on an executable target makes
    /// `swift build --build-tests` build it first.
    public static func product(_ name: String) throws -> URL {
        let directories = [
            Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestSupportError(
            "\(name) is not built beside the test runner (looked in "
                + directories.map(\.path).joined(separator: ", ")
                + "): build every product first with `swift build --build-tests`")
    }

    /// A child process that has been started.
    public final class Running: Sendable {
        private let process = Process()
        private let exit: ProcessExit
        private let output: CaptureFile?
        private let errors: CaptureFile?
        /// The program's name and arguments, for messages.
        public let command: [String]

        fileprivate init(
            executable: URL, arguments: [String], environment: [String: String], directory: URL?,
            terminal: FileHandle?
        ) throws {
            command = [executable.lastPathComponent] + arguments
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            if let directory { process.currentDirectoryURL = directory }
            if let terminal {
                (output, errors) = (nil, nil)
                process.standardInput = terminal
                process.standardOutput = terminal
                process.standardError = terminal
            } else {
                let (output, errors) = (try CaptureFile(), try CaptureFile())
                (self.output, self.errors) = (output, errors)
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = output.handle
                process.standardError = errors.handle
            }
            exit = try ProcessExit(running: process)
        }

        public var processIdentifier: Int32 { process.processIdentifier }

        /// Whether the process has ended.
        public var hasExited: Bool { exit.wait(seconds: 0) }

        /// Sends SIGINT, as Ctrl-C at a terminal does.
        public func interrupt() {
            send(SIGINT)
        }

        /// Sends `signal`, as `kill -SIGNAL PID` does; nothing once the
        /// process has ended.
        public func send(_ signal: Int32) {
            guard !hasExited else { return }
            kill(process.processIdentifier, signal)
        }

        /// Kills the process if it still runs and waits for its end.
        public func stop() {
            send(SIGKILL)
            exit.wait()
        }

        /// Waits for the process to end; kills it and throws after
        /// `timeout` seconds.
        public func wait(timeout: Double = Subprocess.defaultTimeout) throws -> Result {
            // The captured streams' files are closed once read: the test
            // process runs thousands of children, and a descriptor left open
            // by each ran it past a thousand, where Foundation's
            // `Process.run()` crashed copying them.
            defer {
                output?.close()
                errors?.close()
            }
            guard exit.wait(seconds: timeout) else {
                stop()
                throw TestSupportError("\(command.joined(separator: " ")) did not finish within \(timeout) s")
            }
            let bySignal = process.terminationReason == .uncaughtSignal
            return Result(
                command: command,
                status: bySignal ? nil : process.terminationStatus,
                signal: bySignal ? process.terminationStatus : nil,
                outputData: try output?.contents() ?? Data(),
                errorData: try errors?.contents() ?? Data())
        }
    }
}

/// A class of this module, whose bundle is the test bundle it is linked into.
private final class BundleMarker {}

/// An unlinked temporary file a child writes one of its standard streams
/// into.
private struct CaptureFile: Sendable {
    let handle: FileHandle

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-capture-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TestSupportError("cannot create the temporary file \(url.path)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        handle = try FileHandle(forUpdating: url)
    }

    func contents() throws -> Data {
        try handle.seek(toOffset: 0)
        return try handle.readToEnd() ?? Data()
    }

    /// Releases the file, which is unlinked already.
    func close() {
        try? handle.close()
    }
}

/// A failure of the test support itself: a tool missing, a plugin that did
/// not compile, a file that is not what it should be.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
