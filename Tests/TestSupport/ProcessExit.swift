import Foundation

/// A child process started with its exit watched, so that waiting for it
/// never depends on `Process.waitUntilExit()`.
///
/// `waitUntilExit()` polls the calling thread's run loop for the exit; on
/// the test runner's worker threads, with other tests starting and reaping
/// children at the same time, swift-corelibs-foundation can return from it
/// before the child has finished, or never (a peer tool's output then looks
/// incomplete, or the run hangs). A termination handler set before the
/// child starts is called for every exit, however quick.
final class ProcessExit: @unchecked Sendable {
    // Unchecked: DispatchGroup is thread-safe but not declared Sendable.
    private let group = DispatchGroup()

    /// Starts `process`.
    init(running process: Process) throws {
        group.enter()
        let group = self.group
        process.terminationHandler = { _ in group.leave() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            group.leave()
            throw error
        }
    }

    /// Blocks until the process has exited (at once if it has).
    func wait() {
        group.wait()
    }

    /// Blocks until the process has exited or `seconds` have passed;
    /// returns whether it exited.
    func wait(seconds: Double) -> Bool {
        group.wait(timeout: .now() + seconds) == .success
    }
}
