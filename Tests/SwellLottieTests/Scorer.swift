import Foundation
import TestSupport

/// Tests/Lottie/score.py, run by the python of the virtualenv that
/// Tests/Lottie/venv.sh makes in the package's .build (numpy, Pillow,
/// thorvg-python; downloaded from PyPI the first time, reused after).
enum Scorer {
    /// The virtualenv's python, made once per test run: venv.sh returns at
    /// once when the environment already works.
    static let python: Result<URL, any Error> = Result {
        let venv = LottieFixtures.packageRoot.appendingPathComponent(".build/lottie-venv")
        let result = try Subprocess.run("sh", [LottieFixtures.venvScript.path, venv.path], timeout: 900)
            .requireSuccess()
        let path = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestSupportError("venv.sh printed no python: \(result.standardOutput.debugDescription)")
        }
        return URL(fileURLWithPath: path)
    }

    /// `score.py ARGUMENTS`'s standard output. A `--min` or `--max` miss
    /// (exit 1) is not an error here: the callers read the figures.
    static func run(_ arguments: [String]) throws -> String {
        let result = try Subprocess.run(python.get(), [LottieFixtures.scorer.path] + arguments, timeout: 300)
        guard result.status == 0 || result.status == 1, result.signal == nil else {
            throw TestSupportError("score.py \(arguments.joined(separator: " ")) ended with \(result.ending): "
                                   + result.standardError)
        }
        return result.standardOutput
    }

    /// One frame a set's list names (`score.py list SET`).
    struct ListedFrame: Sendable {
        /// The animation, an absolute path.
        var json: String
        /// The render's path inside a render set.
        var output: String
        /// Seconds after the first frame, and the pixel size.
        var time: Double
        var width: Int, height: Int
    }

    static func list(_ set: String) throws -> [ListedFrame] {
        try run(["list", set]).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 5, let time = Double(fields[2]), let width = Int(fields[3]), let height = Int(fields[4]) else {
                throw TestSupportError("score.py list: unexpected line \(line.debugDescription)")
            }
            return ListedFrame(json: fields[0], output: fields[1], time: time, width: width, height: height)
        }
    }

    /// What `score.py test-files` says of one frame.
    struct FrameScore: Sendable {
        /// PASS, WARN, FAIL, MISSING or SIZE.
        var verdict: String
        /// With `--thorvg-within`: % of pixels off ThorVG's frame.
        var offThorVG: Double?
        var passes: Bool { verdict == "PASS" }
    }

    /// A scored set: each frame by its path, and the `N of M` of the last
    /// lines (frames that pass, then frames within the ThorVG bound).
    struct Scores: Sendable {
        var frames: [String: FrameScore] = [:]
        var totals: [(count: Int, of: Int, what: String)] = []
    }

    /// The per-frame lines and totals of `score.py test-files|apple-ca`.
    static func parse(_ output: String) throws -> Scores {
        var scores = Scores()
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.count > 3, let count = Int(words[0]), words[1] == "of", let total = Int(words[2]) {
                scores.totals.append((count, total, words[3...].joined(separator: " ")))
            } else if let verdict = words.first, ["PASS", "WARN", "FAIL", "MISSING", "SIZE"].contains(verdict),
                      let path = words.first(where: { $0.hasSuffix(".png") || $0.hasSuffix(".png:") }) {
                var score = FrameScore(verdict: verdict)
                if let k = words.firstIndex(of: "thorvg"), k + 1 < words.count { score.offThorVG = Double(words[k + 1]) }
                scores.frames[path.hasSuffix(":") ? String(path.dropLast()) : path] = score
            }
        }
        guard !scores.totals.isEmpty else { throw TestSupportError("score.py printed no totals:\n\(output)") }
        return scores
    }
}
