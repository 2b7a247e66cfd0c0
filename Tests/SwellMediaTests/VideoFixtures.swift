import Foundation
import SwellCore
import TestSupport

/// Test videos made by the `ffmpeg` tool, and the frames and samples FFmpeg
/// itself decodes from them: the references the decoders are compared with.
enum VideoFixtures {
    /// A clip of FFmpeg's `testsrc2` pattern (a moving picture with a frame
    /// counter) and a sine tone: 96×64 at 25 fps, H.264 with B-frames and a
    /// keyframe every second, FLAC sound at 48 kHz in Matroska (or AAC in
    /// MP4); removed with the value.
    final class Clip {
        let width = 96, height = 64, fps = 25, sampleRate = 48_000
        let seconds: Int
        let path: String
        /// Every frame as FFmpeg decodes it to RGBA, in order.
        let frames: [[UInt8]]
        /// The sound track as FFmpeg decodes it: interleaved stereo floats.
        let samples: [Float]
        private let directory: SoundFileFixtures.Directory

        init(seconds: Int = 4, container: String = "mkv") {
            directory = try! SoundFileFixtures.Directory()
            self.seconds = seconds
            path = directory.file("clip." + container)
            try! SoundFileFixtures.ffmpeg(
                "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(fps):duration=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(sampleRate):duration=\(seconds)",
                "-ac", "2", "-c:v", "libx264", "-g", "\(fps)", "-bf", "2", "-pix_fmt", "yuv420p",
                "-c:a", container == "mkv" ? "flac" : "aac", path)
            let size = width * height * 4
            let rgba = [UInt8](try! SoundFileFixtures.ffmpeg("-i", path, "-map", "0:v", "-f", "rawvideo",
                                                             "-pix_fmt", "rgba", "-"))
            frames = stride(from: 0, to: rgba.count, by: size).map { Array(rgba[$0..<($0 + size)]) }
            samples = try! SoundFileFixtures.ffmpegSamples(path)
        }
    }

    /// `image`'s pixels as r, g, b, a bytes, whatever its byte order.
    static func rgba(_ image: CGImage) -> [UInt8] {
        (0..<image.height).flatMap { y in
            (0..<image.width).flatMap { x -> [UInt8] in
                let p = image.pixel(x: x, y: y)
                return [p.red, p.green, p.blue, p.alpha]
            }
        }
    }

    /// The largest difference of one byte between two pictures.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        precondition(a.count == b.count, "pictures of different sizes")
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The index of the frame of `clip` closest to `picture`, and how far
    /// it is.
    static func closestFrame(to picture: [UInt8], in clip: Clip) -> (index: Int, difference: Int) {
        clip.frames.indices.map { ($0, difference(picture, clip.frames[$0])) }.min { $0.1 < $1.1 }!
    }
}
