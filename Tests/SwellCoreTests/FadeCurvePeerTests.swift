import Foundation
import Testing
@testable import SwellCore

/// The fade curves against the tools they come from, run by the tests: every
/// frame of a 3 s file faded in over 1 s and out over 1 s must get the gain
/// `value(at:)` gives at the frame's documented position
/// (docs/fades.md#how-the-tools-index-samples).
///
/// Both tools write 32-bit float, which holds the gain to 2⁻²⁴ ≈ 6e-8 here
/// (SoX rounds float output to 2⁻²⁴ of full scale; FFmpeg rounds the product
/// to `Float`) — well inside the 1e-6 bar, for every curve.
@Suite struct FadeCurvePeerTests {
    static let rate = 48_000
    static let length = 3 * rate

    /// SoX 14.4.2's fade types and the FFmpeg names of the same curves.
    static let soxTypes: [(letter: String, name: CAMediaTimingFunctionName)] = [
        ("t", .tri), ("q", .qsin), ("h", .hsin), ("l", .exp), ("p", .ipar),
    ]

    @Test(arguments: soxTypes)
    func soxFadeMatchesFrameForFrame(letter: String, name: CAMediaTimingFunctionName) throws {
        let gains = try FadePeer.gains(frames: Self.length, tool: "sox") { input, output in
            Self.soxRaw(rate: Self.rate, input, output) + ["fade", letter, "1", "-0", "1"]
        }
        #expect(gains.count == Self.length)
        let worst = FadePeer.worstDeviation(
            of: gains, fadeIn: Self.rate, fadeOut: Self.rate, curve: CAMediaTimingFunction(name: name))
        #expect(worst.error <= 1e-6, "sox fade \(letter): off by \(worst.error) at frame \(worst.frame)")
    }

    @Test(arguments: FadeCurveTests.fadeNames)
    func ffmpegAfadeMatchesFrameForFrame(name: CAMediaTimingFunctionName) throws {
        let curve = name.rawValue
        let gains = try FadePeer.gains(frames: Self.length, tool: "ffmpeg") { input, output in
            Self.ffmpegRaw(
                rate: Self.rate, input, output,
                filter: "afade=t=in:ss=0:d=1:curve=\(curve),afade=t=out:st=2:d=1:curve=\(curve)")
        }
        #expect(gains.count == Self.length)
        let worst = FadePeer.worstDeviation(
            of: gains, fadeIn: Self.rate, fadeOut: Self.rate, curve: CAMediaTimingFunction(name: name))
        #expect(worst.error <= 1e-6, "afade curve=\(curve): off by \(worst.error) at frame \(worst.frame)")
    }

    /// SoX rounds fade lengths to the nearest frame: 0.99999 s at 44.1 kHz
    /// is 44099.56 frames, so N = 44100 (truncation would give 44099), and
    /// 1.5 s is 66150 frames. A linear fade shows any error in N directly.
    @Test func soxRoundsFadeLengthsToTheNearestFrame() throws {
        let rate = 44_100
        let gains = try FadePeer.gains(frames: 3 * rate, tool: "sox") { input, output in
            Self.soxRaw(rate: rate, input, output) + ["fade", "t", "0.99999", "-0", "1.5"]
        }
        let worst = FadePeer.worstDeviation(
            of: gains, fadeIn: 44_100, fadeOut: 66_150, curve: CAMediaTimingFunction(name: .tri))
        #expect(worst.error <= 1e-6, "off by \(worst.error) at frame \(worst.frame)")
    }

    /// FFmpeg rounds `st` and `d` to the nearest frame too (`av_rescale`).
    @Test func ffmpegRoundsFadeTimesToTheNearestFrame() throws {
        let rate = 44_100
        let gains = try FadePeer.gains(frames: 3 * rate, tool: "ffmpeg") { input, output in
            Self.ffmpegRaw(
                rate: rate, input, output,
                filter: "afade=t=in:d=0.99999:curve=tri,afade=t=out:st=1.5:d=1.5:curve=tri")
        }
        let worst = FadePeer.worstDeviation(
            of: gains, fadeIn: 44_100, fadeOut: 66_150, curve: CAMediaTimingFunction(name: .tri))
        #expect(worst.error <= 1e-6, "off by \(worst.error) at frame \(worst.frame)")
    }

    /// `sox -D` (no dither) from raw float mono to raw float, effects to follow.
    static func soxRaw(rate: Int, _ input: String, _ output: String) -> [String] {
        let format = ["-e", "floating-point", "-b", "32"]
        return ["-D", "-t", "raw", "-r", "\(rate)", "-c", "1"] + format + [input, "-t", "raw"] + format + [output]
    }

    /// `ffmpeg` from raw float mono through `filter` to raw float
    /// (pcm_f32le), so the filter runs on float samples.
    static func ffmpegRaw(rate: Int, _ input: String, _ output: String, filter: String) -> [String] {
        ["-nostdin", "-v", "error", "-f", "f32le", "-ar", "\(rate)", "-ac", "1", "-i", input,
         "-af", filter, "-c:a", "pcm_f32le", "-f", "f32le", "-y", output]
    }
}
