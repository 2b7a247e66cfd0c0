import Foundation
import SwellAudio
import SwellScript

/// How `play` and `render` take their input files (docs/cli.md#trimming,
/// docs/cli.md#files-in-sequence): the part of each file that plays, and
/// how files that play one after another join.
public struct InputOptions: Sendable, Equatable {
    /// `--start TIME`: where each input starts playing, as SoX's `trim`
    /// and FFmpeg's `-ss` cut a file before its effects.
    public var start: TimeSpec?
    /// `--end TIME`: where each input stops, in the file's time (FFmpeg's
    /// `-to`); past the file's end, the end.
    public var end: TimeSpec?
    /// `--crossfade TIME`: the inputs play in sequence, each crossing into
    /// the next over TIME with equal power.
    public var crossfade: TimeSpec?

    public init() {}

    /// The part of `source` that plays: all of it, or the excerpt from
    /// `--start` to `--end`, in whole frames of the file (a sample count is
    /// the file's).
    package func excerpt(of source: any AudioSource) throws -> any AudioSource {
        guard start != nil || end != nil else { return source }
        let format = source.format
        let rate = Double(format.sampleRate)
        let startTime = try start?.seconds(atSampleRate: format.sampleRate) ?? 0
        let endTime = try end?.seconds(atSampleRate: format.sampleRate) ?? .infinity
        guard endTime > startTime else { throw AutomationError("--end must be after --start") }
        let first = (startTime * rate).rounded()
        let last = min((endTime * rate).rounded(), Double(format.frameCount))
        guard first < Double(format.frameCount) else {
            throw AutomationError("--start \(ClockText.string(startTime)) is past the end of '\(format.path)' "
                                  + "(\(ClockText.string(format.duration ?? 0)))")
        }
        return AudioSourceExcerpt(source, frames: Int64(first)..<Int64(last))
    }
}
