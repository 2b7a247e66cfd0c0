import SwellSession
import ArgumentParser
import SwellSession

/// Maps errors to the one-line messages and exit statuses of
/// docs/cli.md#exit-codes: 1 for a runtime failure (device, I/O), 2 for bad
/// input (arguments, file, script), 128 + the signal for an interruption
/// (130 for Ctrl-C).
package enum Failure {
    package static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case is RenderInterrupted: Interrupt.exitStatus
        case let error as SoundFileError:
            if case .cannotWrite = error { 1 } else { 2 }
        case is ALSAError, is RenderThreadError: 1
        case let error as ControlError: error.isBadInput ? 2 : 1
        case let error as OSCError: error.isBadInput ? 2 : 1
        case is SourceError, is ValueSyntaxError, is AutomationError: 2
        case let error as ExitCode: error.rawValue
        case let error as ContextualError: exitStatus(for: error.underlying)
        default: Drawing.optional?.exitStatus(for: error) ?? 1
        }
    }

    /// The line standard error gets: `swell: error: …`; for input whose
    /// data ended early, which was played or written up to there, where it
    /// ended, with the times as the progress line writes them
    /// (docs/cli.md#damaged-input): `swell: 'x.wav': premature end of data
    /// at 0:05.0 of 0:10.0`.
    package static func line(for error: any Error) -> String {
        if let error = error as? SoundFileError, case .prematureEnd = error {
            return "swell: " + error.description(writingTimes: ProgressLine.clock)
        }
        return "swell: error: " + message(for: error)
    }

    package static func message(for error: any Error) -> String {
        String(describing: error).split(separator: "\n").joined(separator: " ")
    }
}
