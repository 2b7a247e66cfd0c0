import Foundation
import ALSATestSupport
import TestSupport

/// A temporary directory for one test's inputs and outputs, removed when the
/// test is done with it.
final class Workspace: Sendable {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// Writes `file` to `name` and returns its path.
    @discardableResult
    func write(_ file: WAVFile, to name: String) throws -> String {
        try file.write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The names of the entries in the directory, hidden ones included.
    func entries() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    /// The level every frame of a constant input has, so that the gain of
    /// an output frame is `sample / level`: 0.5 is exact in every encoding
    /// and leaves headroom below full scale.
    static let level = 0.5

    /// Writes a constant mono (or multichannel) float WAV of `frames` frames
    /// at `level` to `name`.
    @discardableResult
    func constantInput(_ name: String = "in.wav", sampleRate: Int, frames: Int, channels: Int = 1,
                       encoding: WAVFile.Encoding = .float) throws -> String {
        try write(WAVFile(sampleRate: sampleRate, channelCount: channels, encoding: encoding,
                          samples: Array(repeating: Self.level, count: frames * channels)), to: name)
    }

    /// Renders `input` with `swell render INPUT -o OUT --encoding float
    /// ARGUMENTS` and returns the gain of every frame of the first channel
    /// (the output sample over ``level``). Throws with swell's message when
    /// it fails.
    func renderedGains(of input: String, _ arguments: [String], output: String = "out.wav") throws -> (gains: [Double], file: WAVFile) {
        let result = try SwellProcess.run(["render", input, "-o", path(output), "--encoding", "float", "--overwrite"] + arguments)
        guard result.status == 0 else {
            throw TestSupportError("swell render \(arguments.joined(separator: " ")) failed: \(result)")
        }
        let file = try WAVFile(contentsOf: URL(fileURLWithPath: path(output)))
        return (file.channel(0).map { $0 / Self.level }, file)
    }
}

/// The largest difference between two sequences and where it is, for
/// messages that say which frame is wrong.
struct Deviation: CustomStringConvertible {
    var error = 0.0
    var index = 0
    var actual = 0.0
    var expected = 0.0

    init(_ actual: [Double], _ expected: [Double]) {
        for (i, (a, e)) in zip(actual, expected).enumerated() {
            let difference = abs(a - e)
            let distance = difference.isNaN ? .infinity : difference
            if distance > error { (error, index, self.actual, self.expected) = (distance, i, a, e) }
        }
    }

    var description: String {
        "worst error \(error) at frame \(index): got \(actual), expected \(expected)"
    }
}
