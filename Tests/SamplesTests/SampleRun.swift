import Foundation
import TestSupport

/// What a sample executable printed.
///
/// The samples are products of this package; the test target depends on
/// them, so a build of the tests builds them too and puts them beside the
/// test bundle (`.build/<triple>/debug/`), where ``Subprocess/product(_:)``
/// finds them — whatever the build directory is called.
struct SampleRun {
    let name: String
    /// Standard output, line by line.
    let lines: [String]

    /// Runs the sample `name` and returns what it printed. Fails when the
    /// executable is missing, exits with a nonzero status, or writes to
    /// standard error (a sample that makes SwellCore log a warning —
    /// an animation refused, key times ignored — is broken).
    static func run(_ name: String) throws -> SampleRun {
        let result = try Subprocess.run(Subprocess.product(name))
        guard result.status == 0 else {
            throw SampleFailure("\(name) ended with \(result.ending): \(result.standardError)")
        }
        guard result.standardError.isEmpty else {
            throw SampleFailure("\(name) wrote to standard error: \(result.standardError)")
        }
        return SampleRun(name: name, lines: result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty })
    }

    /// The part of the output under the header `# id — …`, up to the next
    /// header.
    func section(_ id: String) throws -> SampleSection {
        guard let header = lines.firstIndex(where: { $0.hasPrefix("# \(id) — ") }) else {
            throw SampleFailure("\(name) printed no section '\(id)'")
        }
        let end = lines[(header + 1)...].firstIndex { $0.hasPrefix("# ") } ?? lines.endIndex
        return SampleSection(title: lines[header], lines: Array(lines[(header + 1)..<end]))
    }
}

/// A sample that did not run, or printed something the tests cannot read.
struct SampleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
