import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// CGImage(contentsOfFile:) against images written and decoded by others:
/// Cairo's PNG writer through a rendered frame, FFmpeg for JPEG.
@Suite struct ImageFileTests {
    typealias F = RenderFixtures

    @Test func aPNGReadsBackAsTheFrameThatWroteIt() throws {
        let directory = try SoundFileFixtures.Directory()
        let root = F.root(width: 30, height: 20)
        root.addSublayer(F.layer(frame: CGRect(x: 5, y: 5, width: 10, height: 10), color: F.red))
        root.addSublayer(F.layer(frame: CGRect(x: 15, y: 5, width: 10, height: 10),
                                 color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let frame = F.render(root)
        try frame.writePNG(to: directory.file("frame.png"))
        let image = try CGImage(contentsOfFile: directory.file("frame.png"))
        #expect(image.width == 30 && image.height == 20)
        for (x, y) in [(0, 0), (7, 7), (20, 10), (29, 19)] {
            let p = frame.pixel(x: x, y: y), q = image.pixel(x: x, y: y)
            #expect([p.red, p.green, p.blue, p.alpha] == [q.0, q.1, q.2, q.3])
        }
    }

    @Test func aJPEGDecodesAsFFmpegDecodesIt() throws {
        let directory = try SoundFileFixtures.Directory()
        let path = directory.file("tile.jpg")
        try SoundFileFixtures.ffmpeg("-f", "lavfi", "-i", "testsrc=size=32x16:rate=1", "-frames:v", "1", "-q:v", "2", path)
        let reference = try SoundFileFixtures.ffmpegRGBA(path)
        let image = try CGImage(contentsOfFile: path)
        #expect(image.width == 32 && image.height == 16)
        #expect(reference.count == image.pixels.count)
        // Two decoders may round their inverse transforms and chroma
        // upsampling differently by a few levels.
        let worst = zip(reference, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 24)
        let mean = Double(zip(reference, image.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(reference.count)
        #expect(mean < 2)
    }

    @Test func aMissingOrForeignFileIsOneClearError() throws {
        let directory = try SoundFileFixtures.Directory()
        #expect(throws: ImageFileError(path: directory.file("none.png"), reason: "No such file or directory")) {
            try CGImage(contentsOfFile: directory.file("none.png"))
        }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: directory.file("text.png")))
        #expect(throws: ImageFileError(path: directory.file("text.png"), reason: "neither PNG nor JPEG")) {
            try CGImage(contentsOfFile: directory.file("text.png"))
        }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0]).write(to: URL(fileURLWithPath: directory.file("cut.jpg")))
        #expect(throws: ImageFileError.self) { try CGImage(contentsOfFile: directory.file("cut.jpg")) }
        try FileManager.default.createDirectory(atPath: directory.file("folder.png"), withIntermediateDirectories: false)
        #expect(throws: ImageFileError(path: directory.file("folder.png"), reason: "is a directory")) {
            try CGImage(contentsOfFile: directory.file("folder.png"))
        }
    }
}
