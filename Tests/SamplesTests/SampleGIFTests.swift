import Foundation
import Testing
import TestSupport

/// `--gif DIR`: the samples' scenes in motion, at 25 frames a second from
/// their first printed time to their last, decoded by FFmpeg.
@Suite struct SampleGIFTests {
    /// Runs `name` with `--gif` into a new directory, checks that it printed
    /// what it prints without the option, and returns the directory.
    private func run(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-gif-\(UUID().uuidString)")
        let result = try Subprocess.run(Subprocess.product(name), ["--gif", directory.path])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.ending): \(result.standardError)")
        #expect(result.standardOutput == (try Subprocess.run(Subprocess.product(name))).standardOutput)
        return directory
    }

    /// Every frame of a GIF as FFmpeg decodes it, RGBA, one frame per GIF
    /// frame (none repeated or dropped).
    private func frames(_ path: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let bytes = [UInt8](try SoundFileFixtures.ffmpeg("-i", path.path, "-fps_mode", "passthrough",
                                                         "-f", "rawvideo", "-pix_fmt", "rgba", "-"))
        let size = width * height * 4
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0 ..< min($0 + size, bytes.count)]) }
    }

    /// The printed times run from 0 to 4.5 s: frames k/25 for k = 0 … 112.
    /// Between two printed times a frame shows the ring at its own time:
    /// strokeEnd(t) = t/6, the ring reaching three o'clock (¼) after 1.5 s
    /// and half past four (⅜) after 2.25 s — at 2 s (frame 50) only the
    /// first, at 2.4 s (frame 60) both, though the nearest printed times,
    /// 2.0 and 2.25 s, show neither beyond.
    @Test func circularProgressMovesBetweenItsPrintedTimes() throws {
        let directory = try run("CircularProgress")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = try frames(directory.appendingPathComponent("CircularProgress.gif"), width: 400, height: 400)
        #expect(gif.count == 113)
        func shown(_ frame: [UInt8], _ x: Int, _ y: Int) -> Bool { frame[(y * 400 + x) * 4 + 1] < 128 }
        let atTwo = gif[50], atTwoPointFour = gif[60]
        #expect(shown(atTwo, 280, 200) && !shown(atTwo, 256, 256))
        #expect(shown(atTwoPointFour, 280, 200) && shown(atTwoPointFour, 256, 256))
    }

    /// A sample of several scenes writes one GIF a scene, each as long as
    /// its printed times: the rocket's 0 … 1.25 s is 32 frames, the shake's
    /// 0 … 0.5 s 13, the orbit's 0 … 4.5 s 113.
    @Test func explicitAnimationsWritesAGIFPerScene() throws {
        let directory = try run("ExplicitAnimations")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["byValue.gif", "orbit.gif", "rocket.gif", "shake.gif", "shuffle.gif", "timing.gif"])
        for (name, count) in [("rocket", 32), ("shake", 13), ("orbit", 113)] {
            let gif = try frames(directory.appendingPathComponent("\(name).gif"), width: 480, height: 480)
            #expect(gif.count == count, "\(name)")
        }
    }
}
