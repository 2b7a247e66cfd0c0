import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// Frames as files, and rendering from several threads.
@Suite struct FrameTests {
    typealias F = RenderFixtures

    /// The PNG has the frame's size in its header, replaces an older file,
    /// and leaves no temporary file beside it.
    @Test func aFrameIsWrittenAsAPNGAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("frame.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let root = F.root(width: 30, height: 20)
        root.backgroundColor = F.red
        try F.render(root, scale: 2).writePNG(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bigEndian(16) == 60 && bigEndian(20) == 40)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["frame.png"])
    }

    @Test func writingIntoAMissingFolderFails() {
        let frame = F.render(F.root(width: 4, height: 4))
        #expect(throws: RenderError.self) { try frame.writePNG(to: "/nonexistent-swell-folder/frame.png") }
    }

    /// The renderer reads only the snapshot: frames rendered at once on
    /// four threads are the same as one rendered alone.
    @Test func framesRenderedConcurrentlyAreIdentical() async {
        let root = ShadowTests.shadowed(radius: 5)
        root.sublayers![0].cornerRadius = 12
        root.sublayers![0].opacity = 0.7
        let (_, snapshot) = F.snapshot(of: root)
        let canvas = Canvas(width: 300, height: 300)
        let reference = Renderer().render(snapshot, at: 0, into: canvas)
        let renderer = Renderer()
        let differences = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { renderer.render(snapshot, at: 0, into: canvas).maximumDifference(from: reference) }
            }
            return await group.reduce(0) { max($0, $1) }
        }
        #expect(differences == 0)
    }
}
