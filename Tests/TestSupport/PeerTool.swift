import Foundation

/// Runs the command-line tools tests compare against — `amixer`, `aplay`,
/// `sox`, a C compiler — as subprocesses.
///
/// A tool that is not installed is a failure with a message naming the
/// tool, never a skipped test: CI installs them all.
public enum PeerTool {
    /// What a finished tool printed and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `tool` (looked up in `PATH`) with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: Variables added to this process's environment —
    ///     `ALSA_CONFIG_PATH` for a subprocess that should see a test
    ///     configuration.
    ///   - expectSuccess: Throw when the tool exits with a nonzero status.
    @discardableResult
    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String] = [:],
        expectSuccess: Bool = true
    ) throws -> Result {
        let process = Process()
        process.executableURL = try location(of: tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // The tool writes into unlinked temporary files rather than pipes,
        // so that it can never block on a pipe nobody is reading.
        let output = try temporaryFile()
        let errors = try temporaryFile()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try ProcessExit(running: process).wait()
        let result = Result(
            status: process.terminationStatus,
            standardOutput: try contents(of: output),
            standardError: try contents(of: errors))
        if expectSuccess && result.status != 0 {
            throw TestSupportError(
                "\(tool) \(arguments.joined(separator: " ")) exited with status \(result.status): "
                    + result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result
    }

    /// The executable for `tool` in `PATH`.
    public static func location(of tool: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestSupportError("\(tool) is not installed (not found in PATH); the ALSA tests need alsa-utils, sox and a C compiler")
    }

    private static func temporaryFile() throws -> FileHandle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-peer-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TestSupportError("cannot create the temporary file \(url.path)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        return try FileHandle(forUpdating: url)
    }

    private static func contents(of file: FileHandle) throws -> String {
        try file.seek(toOffset: 0)
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }
}

/// A failure of the test support itself: a tool missing, a plugin that did
/// not compile, a file that is not what it should be.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
