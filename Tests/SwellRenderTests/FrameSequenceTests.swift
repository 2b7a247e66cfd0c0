import Foundation
import Testing
import SwellCore
@testable import SwellRender

/// Frame times and file names of a sequence (docs/render.md#frame-sequences),
/// against the formula frame k at start + k/fps, k < ⌈(end − start)·fps⌉,
/// in exact arithmetic, and against printf's `%04d`.
@Suite struct FrameSequenceTests {
    @Test(arguments: [
        (0.0, 2.0, 30.0, 60), (0.5, 2.0, 30.0, 45), (0.0, 0.01, 60.0, 1), (1.0, 1.5, 24.0, 12),
        // Products that round just above a whole number: 2.2 · 25 = 55.00000000000001, 0.28 · 25 = 7.000000000000001.
        (0.0, 2.2, 25.0, 55), (0.0, 0.28, 25.0, 7), (1.0, 1.0, 60.0, 0),
    ])
    func countIsTheFramesBeforeTheEnd(start: Double, end: Double, fps: Double, count: Int) {
        let times = FrameTimes(start: start, end: end, fps: fps)
        #expect(times.count == count)
        #expect(count == 0 || times.time(ofFrame: count - 1) < end)
        #expect(times.time(ofFrame: count) >= end)
    }

    @Test func eachTimeIsComputedFromItsFrameNumber() {
        let times = FrameTimes(start: 0.1, fps: 30, count: 1000)
        var accumulated = 0.1
        for _ in 0..<900 { accumulated += 1 / 30.0 }
        // 0.1 + 900/30 rounds to the double nearest 30.1; adding 1/30 900 times drifts from it.
        #expect(times.time(ofFrame: 900) == 30.1)
        #expect(accumulated != 30.1)
    }

    @Test(arguments: [
        ("frames/%04d.png", 7, "frames/0007.png", "frames/%04d.png"),
        ("f/%d.png", 12, "f/12.png", "f/%d.png"),
        ("shot-%02d.PNG", 123, "shot-123.PNG", "shot-%02d.PNG"),
        ("100%%/%03d.png", 5, "100%/005.png", "100%%/%03d.png"),
    ])
    func patterns(pattern: String, frame: Int, path: String, roundTrip: String) throws {
        let names = try FrameFileNames(pattern: pattern)
        #expect(names.path(ofFrame: frame) == path)
        #expect(names.path(ofFrame: frame) == String(format: pattern, frame))
        #expect(names.pattern == roundTrip)
    }

    @Test(arguments: ["f/%d%d.png", "f/%s.png", "f/%04d.jpg", "f/0000.png", "f/%4d.png", "f/%00d.png", "f/%010d.png"])
    func badPatterns(pattern: String) {
        #expect(throws: FrameSequenceError.badPattern(pattern)) { try FrameFileNames(pattern: pattern) }
    }

    @Test func outputsThatNameASequence() {
        #expect(FrameFileNames.namesSequence("frames/%04d.png"))
        #expect(FrameFileNames.namesSequence("frames/"))
        #expect(FrameFileNames.namesSequence(FileManager.default.temporaryDirectory.path))
        #expect(!FrameFileNames.namesSequence("frame.png"))
        #expect(!FrameFileNames.namesSequence("100%%d.png"))
        #expect(FrameFileNames.namesSequence("100%%%d.png"))
        #expect(FrameFileNames.namesSequence("f%05d.png"))
        #expect(!FrameFileNames.namesSequence("f%00d.png") && !FrameFileNames.namesSequence("f%5d.png"))
        #expect(FrameFileNames.directory("out").path(ofFrame: 42) == "out/0042.png")
        #expect(FrameFileNames.directory("out/").path(ofFrame: 12345) == "out/12345.png")
        #expect(FrameFileNames.single("a.png").path(ofFrame: 9) == "a.png")
    }
}
