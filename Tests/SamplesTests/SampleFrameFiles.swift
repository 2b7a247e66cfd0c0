import Foundation
import Testing
import TestSupport

/// The frames a sample writes with `--frames DIR`, decoded by FFmpeg.
struct SampleFrameFiles {
    let directory: URL

    /// Runs the sample `name` with `--frames` into a new directory, and
    /// checks it printed exactly what it prints without the option.
    static func run(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SampleFrameFiles {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-frames-\(UUID().uuidString)")
        let result = try Subprocess.run(Subprocess.product(name), ["--frames", directory.path])
        guard result.status == 0, result.standardError.isEmpty else {
            throw SampleFailure("\(name) --frames ended with \(result.ending): \(result.standardError)")
        }
        let plain = try Subprocess.run(Subprocess.product(name))
        #expect(result.standardOutput == plain.standardOutput, "--frames changes what \(name) prints",
                sourceLocation: sourceLocation)
        return SampleFrameFiles(directory: directory)
    }

    /// The PNG files in `subdirectory` (or the directory), sorted.
    func names(in subdirectory: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(subdirectory).path).sorted()
    }

    /// One frame's pixels as FFmpeg decodes them, RGBA, `width` a row.
    func frame(_ k: Int, in subdirectory: String = "", width: Int) throws -> Pixels {
        let path = directory.appendingPathComponent(subdirectory).appendingPathComponent(String(format: "%04d.png", k)).path
        let bytes = try SoundFileFixtures.ffmpegRGBA(path)
        return Pixels(bytes: bytes, width: width)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Decoded pixels, probed by point (one pixel per point at scale 1).
    struct Pixels {
        let bytes: [UInt8]
        let width: Int

        /// The RGB of pixel (x, y).
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let index = (y * width + x) * 4
            return bytes[index ..< index + 3].map(Int.init)
        }

        /// Whether pixel (x, y) is `color`, each channel within 2 steps.
        func pixel(_ x: Int, _ y: Int, is color: [Int]) -> Bool {
            zip(rgb(x, y), color).allSatisfy { abs($0 - $1) <= 2 }
        }
    }
}
