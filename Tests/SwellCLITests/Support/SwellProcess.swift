import Foundation
import TestSupport

/// The built `swell` executable, run in a child process the way a user runs
/// it: arguments, environment, standard streams, exit status, signals.
///
/// `swift build --build-tests` builds every product, `swell` included,
/// before any test runs, into the directory of the test runner, where
/// ``Subprocess/product(_:)`` finds it.
enum SwellProcess {
    typealias Result = Subprocess.Result
    typealias Running = Subprocess.Running

    /// `swell` in the build directory.
    static func executable() throws -> URL {
        try Subprocess.product("swell")
    }

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
        timeout: Double = Subprocess.defaultTimeout
    ) throws -> Result {
        try Subprocess.run(executable(), arguments, environment: environment, directory: directory, timeout: timeout)
    }

    /// Starts `swell ARGUMENTS` and returns at once, for tests that signal
    /// it while it runs.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Running {
        try Subprocess.launch(executable(), arguments, environment: environment, directory: directory)
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
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        timeout: Double = Subprocess.defaultTimeout
    ) throws -> (transcript: String, status: Int32?) {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let command = try ([executable().path] + arguments).map(quoted).joined(separator: " ")
        let result = try Subprocess.run("script", ["-q", "-e", "-c", command, "/dev/null"],
                                        environment: environment, directory: directory, timeout: timeout)
        return (result.standardOutput, result.status)
    }
}
