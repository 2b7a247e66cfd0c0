import Foundation
import TestSupport

/// A sample program built by this package (`AudioFader`, `Crossfade`,
/// `SleepTimer`), run as a separate process the way a user runs it.
///
/// SwiftPM builds every executable product into the directory that holds
/// the test runner, where ``Subprocess/product(_:)`` finds the samples.
struct SampleProgram {
    let url: URL

    init(_ name: String) throws {
        url = try Subprocess.product(name)
    }

    /// Starts the program with `arguments`, its environment extended by
    /// `environment`, standard input empty and the two outputs collected
    /// into files (never a pipe the program could block on).
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Subprocess.Running {
        try Subprocess.launch(url, arguments, environment: environment)
    }

    /// Runs the program to its end (killing it after a minute, which fails
    /// the run).
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Subprocess.Result {
        try Subprocess.run(url, arguments, environment: environment, timeout: 60)
    }
}
