import Foundation
import SwellCore
import SwellLottie
import SwellRender

/// Where the Lottie reference sets are (Tests/Fixtures/Lottie, whose
/// README.md says where they come from), and how a test reads a file the
/// way `swell render` does: pictures decoded by SwellRender.
enum LottieFixtures {
    /// The package's root, found from this file (Tests/SwellLottieTests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = packageRoot.appendingPathComponent("Tests/Fixtures/Lottie")
    static let testFiles = directory.appendingPathComponent("test-files")
    static let appleCA = directory.appendingPathComponent("apple-ca")
    /// Tests/Lottie/score.py, the scorer, and venv.sh, which makes its python.
    static let scorer = packageRoot.appendingPathComponent("Tests/Lottie/score.py")
    static let venvScript = packageRoot.appendingPathComponent("Tests/Lottie/venv.sh")

    /// Image assets decoded as `swell render` decodes them.
    static let images = LottieImageDecoder { data, name in try CGImage(data: data, name: name) }

    /// Every fixture animation, test-files' and lottie-ios's samples.
    static func allAnimationFiles() throws -> [URL] {
        var files: [URL] = []
        for root in [testFiles, appleCA.appendingPathComponent("samples")] {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker
            where url.pathExtension == "json" && !url.lastPathComponent.hasSuffix("-meta.json") {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
