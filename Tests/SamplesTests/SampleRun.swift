import Foundation
import TestSupport

/// What a sample executable printed.
///
/// The samples are products of this package; the test target depends on
/// them, so a build of the tests builds them too and puts them beside the
/// test bundle (`.build/<triple>/debug/`), where ``run(_:)`` finds them —
/// whatever the build directory is called.
struct SampleRun {
    let name: String
    /// Standard output, line by line.
    let lines: [String]

    /// Runs the sample `name` and returns what it printed. Fails when the
    /// executable is missing, exits with a nonzero status, or writes to
    /// standard error (a sample that makes SwellCore log a warning —
    /// an animation refused, key times ignored — is broken).
    static func run(_ name: String) throws -> SampleRun {
        let process = Process()
        process.executableURL = try executable(named: name)
        process.standardInput = FileHandle.nullDevice
        // Temporary files rather than pipes, so that the sample can never
        // block on a full pipe nobody reads.
        let output = try SampleTemporaryFile()
        let errors = try SampleTemporaryFile()
        process.standardOutput = output.handle
        process.standardError = errors.handle
        try ProcessExit(running: process).wait()
        let standardError = try errors.contents()
        guard process.terminationStatus == 0 else {
            throw SampleFailure("\(name) exited with status \(process.terminationStatus): \(standardError)")
        }
        guard standardError.isEmpty else {
            throw SampleFailure("\(name) wrote to standard error: \(standardError)")
        }
        return SampleRun(name: name, lines: try output.contents().split(separator: "\n", omittingEmptySubsequences: false)
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

    /// The directory of the test bundle and of the products built with it:
    /// on Linux the test runner is the `.xctest` executable itself
    /// (`Bundle.main`), on macOS a bundle loaded by `xctest`.
    private static func executable(named name: String) throws -> URL {
        let directories = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle(for: SampleBundleMarker.self).bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SampleFailure("the sample executable '\(name)' is not beside the test bundle (looked in "
            + directories.map(\.path).joined(separator: ", ") + "); build it with `swift build --build-tests`")
    }
}

/// A class of this module, whose bundle is the test bundle.
private final class SampleBundleMarker {}

/// A sample that did not run, or printed something the tests cannot read.
struct SampleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An unlinked temporary file to capture a process's output in.
private struct SampleTemporaryFile {
    let handle: FileHandle

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-sample-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw SampleFailure("cannot create the temporary file \(url.path)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        handle = try FileHandle(forUpdating: url)
    }

    func contents() throws -> String {
        try handle.seek(toOffset: 0)
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}
