import Foundation
import Testing

extension SwellProcess.Result {
    /// The exit statuses of docs/cli.md#exit-codes.
    enum Status: Int32 {
        case done = 0, runtimeFailure = 1, badInput = 2, interrupted = 130
    }

    /// Checks that swell failed as docs/cli.md#exit-codes says a failure
    /// looks: the exit status, nothing on standard output, and exactly one
    /// line on standard error that names every one of `subjects` (the file,
    /// device or value at fault).
    func expectFailure(
        _ status: Status, naming subjects: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status.rawValue, "expected exit status \(status.rawValue): \(self)",
                sourceLocation: sourceLocation)
        #expect(signal == nil, "swell crashed: \(self)", sourceLocation: sourceLocation)
        #expect(standardOutput.isEmpty, "nothing on standard output: \(standardOutput.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(errorLines.count == 1 && standardError.hasSuffix("\n"),
                "one line on standard error: \(standardError.debugDescription)", sourceLocation: sourceLocation)
        for subject in subjects {
            #expect(standardError.contains(subject), "the message names \(subject.debugDescription): \(standardError.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }
}
