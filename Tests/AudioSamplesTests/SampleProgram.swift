import Foundation
import ALSATestSupport
import TestSupport

/// A sample program built by this package (`AudioFader`, `Crossfade`,
/// `SleepTimer`), run as a separate process the way a user runs it.
///
/// SwiftPM builds every executable product into the directory that holds
/// the test runner, so the samples are found beside `/proc/self/exe`.
struct SampleProgram {
    let url: URL

    init(_ name: String) throws {
        let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        url = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw TestSupportError("\(name) is not built next to the test runner (\(url.path)); run `swift build` first")
        }
    }

    /// How a finished run ended and what it printed.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Starts the program with `arguments`, its environment extended by
    /// `environment`, standard input empty and the two outputs collected
    /// into files (never a pipe the program could block on).
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        try Running(url: url, arguments: arguments, environment: environment)
    }

    /// Runs the program to its end.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let running = try start(arguments, environment: environment)
        return try running.wait()
    }

    /// A started program.
    final class Running {
        let process = Process()
        private let output: FileHandle
        private let errors: FileHandle

        fileprivate init(url: URL, arguments: [String], environment: [String: String]) throws {
            process.executableURL = url
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            output = try Self.unlinkedFile()
            errors = try Self.unlinkedFile()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Sends SIGINT, as Ctrl-C in a shell does.
        func interrupt() {
            process.interrupt()
        }

        /// Waits for the end of the program (killing it after `timeout`
        /// seconds, which fails the run).
        func wait(timeout: Double = 60) throws -> Result {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while process.isRunning {
                guard Date() < deadline else {
                    process.terminate()
                    process.waitUntilExit()
                    throw TestSupportError("\(process.executableURL!.lastPathComponent) did not end within \(timeout) s")
                }
                usleep(10_000)
            }
            process.waitUntilExit()
            return Result(status: process.terminationStatus, standardOutput: try Self.contents(of: output),
                          standardError: try Self.contents(of: errors))
        }

        private static func unlinkedFile() throws -> FileHandle {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-sample-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw TestSupportError("cannot create \(url.path)")
            }
            defer { try? FileManager.default.removeItem(at: url) }
            return try FileHandle(forUpdating: url)
        }

        private static func contents(of file: FileHandle) throws -> String {
            try file.seek(toOffset: 0)
            return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        }
    }
}
