import Foundation
import TestSupport
@testable import SwellCore

/// Runs SoX or FFmpeg on a constant signal and reads back the gain they
/// applied to every frame.
///
/// The input is raw 32-bit float mono at `level` = 0.5 (exactly
/// representable, and far from clipping inside SoX's 32-bit integer
/// pipeline), so the gain of frame n is simply `out[n] / level`.
enum FadePeer {
    static let level: Float = 0.5

    /// Writes `frames` frames of the constant signal, runs `tool` with the
    /// arguments `arguments(input, output)` builds, and returns the gain of
    /// every output frame.
    static func gains(
        frames: Int, tool: String, arguments: (_ input: String, _ output: String) -> [String]
    ) throws -> [Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swell-fade-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.f32")
        let output = directory.appendingPathComponent("out.f32")

        var signal = Data(capacity: frames * 4)
        for _ in 0..<frames {
            withUnsafeBytes(of: level.bitPattern.littleEndian) { signal.append(contentsOf: $0) }
        }
        try signal.write(to: input)
        try Subprocess.run(tool, arguments(input.path, output.path)).requireSuccess()

        let bytes = try Data(contentsOf: output)
        return bytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { frame in
                let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * frame, as: UInt32.self))
                return Double(Float(bitPattern: bits)) / Double(level)
            }
        }
    }

    /// The gain SoX and FFmpeg give frame `n` of a file of `length` frames
    /// faded in over frames [0, fadeIn) and out over [length − fadeOut,
    /// length), by the indexing of docs/fades.md#how-the-tools-index-samples:
    /// F(n / fadeIn), then 1, then F(1 − p) = 1 − G(p) at fade-out progress
    /// p, G being the mirrored curve.
    static func expectedGain(
        frame n: Int, length: Int, fadeIn: Int, fadeOut: Int,
        curve: CAMediaTimingFunction, mirrored: CAMediaTimingFunction
    ) -> Double {
        if n < fadeIn { return curve.value(at: Double(n) / Double(fadeIn)) }
        let fadeOutStart = length - fadeOut
        if n < fadeOutStart { return 1 }
        return 1 - mirrored.value(at: Double(n - fadeOutStart) / Double(fadeOut))
    }

    /// The frame where `gains` is furthest from `expectedGain`, and by how much.
    static func worstDeviation(
        of gains: [Double], fadeIn: Int, fadeOut: Int, curve: CAMediaTimingFunction
    ) -> (error: Double, frame: Int) {
        let mirrored = curve.mirrored
        var worst = (error: 0.0, frame: 0)
        for (n, gain) in gains.enumerated() {
            let expected = expectedGain(
                frame: n, length: gains.count, fadeIn: fadeIn, fadeOut: fadeOut,
                curve: curve, mirrored: mirrored)
            let error = abs(gain - expected)
            if error > worst.error { worst = (error, n) }
        }
        return worst
    }
}
