import Foundation
import ALSATestSupport
import TestSupport

/// The built `swell` executable, run in a child process the way a user runs
/// it: arguments, environment, standard streams, exit status, signals.
///
/// SwiftPM puts every product of a build in one directory, and the test
/// runner (`…PackageTests.xctest`) is itself in it, so `swell` is found
/// beside `/proc/self/exe`. `swift build --build-tests` builds every
/// product, `swell` included, before any test runs.
enum SwellProcess {
    /// How a finished `swell` ended and what it printed.
    struct Result: Sendable, CustomStringConvertible {
        /// The exit status, or nil when a signal ended the process.
        var status: Int32?
        /// The signal that ended the process, if one did.
        var signal: Int32?
        var standardOutput: Data
        var standardError: String

        /// Standard output as text.
        var output: String { String(decoding: standardOutput, as: UTF8.self) }

        /// The non-empty lines of standard error.
        var errorLines: [Substring] { standardError.split(separator: "\n") }

        var description: String {
            let end = status.map { "exit status \($0)" } ?? "signal \(signal ?? 0)"
            return "swell ended with \(end); stderr: \(standardError.debugDescription)"
        }
    }

    /// `swell` in the build directory.
    static let executable: URL = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("swell")
    }()

    /// Runs `swell ARGUMENTS` to completion and returns how it ended.
    ///
    /// - Parameters:
    ///   - environment: Added to this process's environment
    ///     (`ALSA_CONFIG_PATH` for an ALSA test configuration).
    ///   - directory: The working directory; the current one by default.
    ///   - timeout: A run that takes longer is killed and reported as a
    ///     failure rather than hanging the test run.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        timeout: Double = 120
    ) throws -> Result {
        try start(arguments, environment: environment, directory: directory).wait(timeout: timeout)
    }

    /// Starts `swell ARGUMENTS` and returns at once, for tests that signal
    /// it while it runs.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw TestSupportError(
                "\(executable.path) is missing: build every product first with `swift build --build-tests`")
        }
        return try Running(executable: executable, arguments: arguments, environment: environment, directory: directory)
    }

    /// Runs `swell ARGUMENTS` on a pseudo-terminal and returns everything
    /// it wrote there (standard output and standard error both) and how it
    /// exited.
    ///
    /// The terminal is made by util-linux's `script(1)`: `-c` runs the
    /// command on a new pseudo-terminal and copies what it writes to
    /// `script`'s own standard output, `-e` returns the command's exit
    /// status, `-q` adds no banner, and the typescript file is `/dev/null`.
    static func runOnTerminal(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil, timeout: Double = 120
    ) throws -> (transcript: String, status: Int32?) {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let command = ([executable.path] + arguments).map(quoted).joined(separator: " ")
        let result = try Running(executable: try PeerTool.location(of: "script"),
                                 arguments: ["-q", "-e", "-c", command, "/dev/null"],
                                 environment: environment, directory: directory).wait(timeout: timeout)
        return (result.output, result.status)
    }

    /// A `swell` process that has been started.
    final class Running {
        private let process = Process()
        private let output: TemporaryCapture
        private let errors: TemporaryCapture
        private let exited = DispatchSemaphore(value: 0)
        let arguments: [String]

        fileprivate init(executable: URL, arguments: [String], environment: [String: String], directory: URL?) throws {
            self.arguments = arguments
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            if let directory { process.currentDirectoryURL = directory }
            process.standardInput = FileHandle.nullDevice
            // Temporary files rather than pipes, so that the child can never
            // block on a full pipe nobody is reading.
            output = try TemporaryCapture()
            process.standardOutput = output.handle
            errors = try TemporaryCapture()
            process.standardError = errors.handle
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
        }

        var processIdentifier: Int32 { process.processIdentifier }

        /// Sends SIGINT, as Ctrl-C does.
        func interrupt() {
            send(SIGINT)
        }

        /// Sends `signal`, as `kill -SIGNAL` does.
        func send(_ signal: Int32) {
            kill(process.processIdentifier, signal)
        }

        /// Waits for the process to end; kills it and throws after `timeout`
        /// seconds.
        func wait(timeout: Double = 120) throws -> Result {
            if exited.wait(timeout: .now() + timeout) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw TestSupportError("swell \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            }
            process.waitUntilExit()
            let bySignal = process.terminationReason == .uncaughtSignal
            return Result(
                status: bySignal ? nil : process.terminationStatus,
                signal: bySignal ? process.terminationStatus : nil,
                standardOutput: try output.contents(),
                standardError: String(decoding: try errors.contents(), as: UTF8.self))
        }
    }
}

/// An unlinked temporary file a child process writes one of its standard
/// streams into.
private struct TemporaryCapture {
    let handle: FileHandle

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-cli-\(UUID().uuidString)")
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
}
