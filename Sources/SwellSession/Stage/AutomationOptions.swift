import Foundation
import SwellAudio
import SwellScript

/// The automation options shared by `play`, `render` and `curve`
/// (docs/cli.md#automation): a level, fades, a ramp, a playback rate, and
/// the length they are measured against.
public struct AutomationOptions: Sendable, Equatable {
    /// `--volume LEVEL`: the model volume, as linear amplitude.
    public var volume: Double?
    /// `--fade-in TIME`: volume 0 → LEVEL over `[0, D]`.
    public var fadeIn: TimeSpec?
    /// `--fade-out TIME`: LEVEL → 0 over `[L − D, L]`.
    public var fadeOut: TimeSpec?
    /// `--timing NAME`: the shape of the fades, and of ramp segments that do
    /// not name their own. A fade-out uses the mirrored shape, as SoX and
    /// FFmpeg do.
    public var timing: TimingFunctionSpec = .named("linear")
    /// `--ramp "T:V[:NAME] …"`.
    public var ramp: RampSpec?
    /// `--duration TIME`: the length L — for `curve` without a file; for
    /// `play` and `render`, less or more (in silence) than the input.
    public var duration: TimeSpec?
    /// `--loudness LUFS` and `--true-peak dBTP`: a gain on each file's
    /// layer (docs/loudness.md).
    public var loudness: LoudnessTarget?
    /// `--duck-under FILE`: FILE plays in a layer `narration`, and the
    /// layer the options automate ducks under it (docs/ducking.md).
    public var duckUnder: String?
    /// `--speed RATE`: the `rate` of each input's layer (docs/rate.md).
    public var speed: Double?
    /// `--tape-stop TIME`: each input's `rate` falls to 0 over `[L − D, L]`.
    public var tapeStop: TimeSpec?

    public init() {}

    /// Says, before anything is heard, when a level on the command line is
    /// above what the gain may reach (docs/audio.md#ear-safety): the gain is
    /// clamped, and a user who asked for +12 dB should know. A job calls it
    /// once, whatever the number of files it plays.
    public func warnOfLimitedLevels(allowsBoost: Bool) {
        let limit = GainLimit(allowsBoost: allowsBoost)
        let levels = [volume].compactMap { $0 } + (ramp?.points.map(\.level) ?? [])
        guard let loudest = levels.max(), loudest > limit.ceiling else { return }
        let decibels = { (amplitude: Double) in String(format: "%+.1f dB", 20 * log10(amplitude)) }
        let remedy = limit.ceiling > 1 ? "" : " (--allow-boost allows up to +24 dB)"
        CADiagnostics.warn("a level of \(decibels(loudest)) is above the limit; the gain is held at "
                           + decibels(limit.ceiling) + remedy)
    }

    /// Checks combinations that have no meaning.
    public func validate() throws(AutomationError) {
        if ramp != nil && (fadeIn != nil || fadeOut != nil || volume != nil) {
            throw AutomationError("--ramp sets the volume curve itself; it cannot be combined with --volume, --fade-in or --fade-out")
        }
        if ramp?.scheduleCalls != nil, timing != .named("linear") {
            throw AutomationError("--timing shapes keyframe ramps; a ramp with exp or target(τ) points is a schedule of "
                                  + "Web Audio's calls, whose other segments are linear")
        }
        if let volume, !(volume >= 0 && volume.isFinite) { throw AutomationError("--volume must be a finite, non-negative level") }
        if let speed, let range = PropertyDeclaration.rate.range, !range.contains(speed) {
            throw AutomationError("--speed must be above \(range.lowerBound ?? 0) and at most \(range.upperBound ?? 0), not \(speed)")
        }
    }
}

/// What `--loudness` brings each file to: an integrated loudness, with a
/// gain that lifts the true peak no higher than `truePeak`.
public struct LoudnessTarget: Sendable, Equatable {
    public static let defaultTruePeak = -1.0

    /// LUFS.
    public var integrated: Double
    /// dBTP.
    public var truePeak: Double

    public init(integrated: Double, truePeak: Double = Self.defaultTruePeak) {
        self.integrated = integrated
        self.truePeak = truePeak
    }

    /// The gain in dB that brings `loudness` to the target, lowered where it
    /// would lift the true peak above the ceiling or pass `maximum` dB, and
    /// by how much; nil for silence, which no gain brings anywhere.
    public func gain(for loudness: Loudness, maximum: Double) -> (decibels: Double, lowered: Double)? {
        guard loudness.integrated.isFinite else { return nil }
        let wanted = integrated - loudness.integrated
        let allowed = min(truePeak - loudness.truePeak, maximum)
        return wanted > allowed ? (allowed, wanted - allowed) : (wanted, 0)
    }
}

/// An error with the part of the input it arose from ("mixer layer 'card':
/// cannot open …"); it is the underlying error's kind of failure, so its
/// exit status is that error's (docs/cli.md#exit-codes).
public struct ContextualError: Error, CustomStringConvertible {
    public let context: String
    public let underlying: any Error

    public var description: String { "\(context): \(underlying)" }
}

/// Why automation cannot be set up: one line for the user.
public struct AutomationError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
