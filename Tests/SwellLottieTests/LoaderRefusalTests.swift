import Foundation
import SwellLottie
import SwellScript
import Testing

/// Bad input (docs/lottie.md#errors): malformed JSON, an unknown layer or
/// shape type, an image that cannot be read, frame rates or sizes ≤ 0 or
/// absurd are refused with a `SourceError` whose one line is
/// `FILE:LINE:COL: JSON.path: message`.
@Suite("Lottie loader: located refusals")
struct LoaderRefusalTests {
    /// A folder beside the document with the files its image assets name.
    static func assetDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not a picture\n".utf8).write(to: directory.appendingPathComponent("notes.png"))
        // A PNG's signature and the start of its header, then nothing.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48])
            .write(to: directory.appendingPathComponent("cut.png"))
        return directory
    }

    @Test("FILE:LINE:COL: path: message, one line", arguments: BrokenLottie.all)
    func refuses(_ broken: BrokenLottie) throws {
        let directory = try Self.assetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: SourceError.self) {
            try LottieAnimation(bytes: Array(broken.text.utf8), file: "anim/broken.json", directory: directory,
                                images: LottieFixtures.images)
        }
        let line = error.description
        #expect(line.hasPrefix(broken.prefix(file: "anim/broken.json")), "\(line)")
        #expect(!line.contains("\n") && !line.contains("\r"), "one line: \(line.debugDescription)")
        for words in broken.saying {
            #expect(line.contains(words), "the message says \(words): \(line)")
        }
        if let asset = broken.asset {
            let path = directory.appendingPathComponent(asset).path
            #expect(line.contains(path), "the message names \(path): \(line)")
        }
        let rest = line.dropFirst(broken.prefix(file: "anim/broken.json").count)
        #expect(!rest.trimmingCharacters(in: .whitespaces).isEmpty, "a message after the place: \(line)")
    }

    @Test("a file that is not there is named, with no location")
    func missingFile() throws {
        let error = try #require(throws: SourceError.self) {
            try LottieAnimation(contentsOfFile: "/nonexistent/anim.json", images: LottieFixtures.images)
        }
        #expect(error.file == "/nonexistent/anim.json")
        #expect(error.description.hasPrefix("/nonexistent/anim.json: "), "\(error)")
    }

    @Test("without an image decoder an image layer is refused at its asset")
    func noDecoder() throws {
        let broken = BrokenLottie.image("an image without a decoder", "missing.png", saying: [])
        let error = try #require(throws: SourceError.self) {
            try LottieAnimation(bytes: Array(broken.text.utf8), file: "a.json", directory: URL(fileURLWithPath: "/"))
        }
        #expect(error.description.hasPrefix(broken.prefix(file: "a.json")), "\(error)")
    }
}
