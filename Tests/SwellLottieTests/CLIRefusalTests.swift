import Foundation
import Testing
import TestSupport

/// `swell render bad.json -o out.png` on bad input (docs/cli.md#exit-codes,
/// docs/lottie.md#errors): exit status 2, nothing on standard output, one
/// line on standard error naming the file, line and column and the JSON
/// path, and nothing written — no picture, no temporary file.
@Suite("Lottie on the command line: bad input")
struct CLIRefusalTests {
    /// A folder of its own for one run, removed after.
    static func workspace(_ broken: BrokenLottie) throws -> URL {
        let directory = try LoaderRefusalTests.assetDirectory()
        try Data(broken.text.utf8).write(to: directory.appendingPathComponent("bad.json"))
        return directory
    }

    static func entries(_ directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    /// Checks a run that should have failed as bad input.
    static func expectRefusal(_ result: Subprocess.Result, naming subjects: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "exit status 2 for bad input: \(result)", sourceLocation: sourceLocation)
        #expect(result.signal == nil, "swell crashed: \(result)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "nothing on standard output: \(result.standardOutput.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(result.errorLines.count == 1 && result.standardError.hasSuffix("\n"),
                "one line on standard error: \(result.standardError.debugDescription)", sourceLocation: sourceLocation)
        for subject in subjects {
            #expect(result.standardError.contains(subject),
                    "the message names \(subject.debugDescription): \(result.standardError.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("exit 2, one line naming FILE:LINE:COL: path, nothing written", arguments: BrokenLottie.all)
    func refuses(_ broken: BrokenLottie) throws {
        let directory = try Self.workspace(broken)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Self.entries(directory)
        let result = try Subprocess.run(Subprocess.product("swell"), ["render", "bad.json", "-o", "out.png"],
                                        directory: directory)
        Self.expectRefusal(result, naming: [broken.prefix(file: "bad.json")] + broken.saying)
        #expect(try Self.entries(directory) == before, "no picture, no temporary file")
    }

    @Test("a sequence of frames is refused alike, before any frame")
    func refusesSequence() throws {
        let broken = BrokenLottie.all.first { $0.path == "layers[3].shapes[1]" }!
        let directory = try Self.workspace(broken)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Self.entries(directory)
        let result = try Subprocess.run(Subprocess.product("swell"), ["render", "bad.json", "-o", "frames/%03d.png"],
                                        directory: directory)
        Self.expectRefusal(result, naming: [broken.prefix(file: "bad.json")])
        #expect(try Self.entries(directory) == before, "no frames, no folder")
    }

    @Test("a file that is not there: exit 2, named")
    func missingFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Subprocess.run(Subprocess.product("swell"), ["render", "gone.json", "-o", "out.png"],
                                        directory: directory)
        Self.expectRefusal(result, naming: ["gone.json"])
        #expect(try Self.entries(directory).isEmpty)
    }
}
