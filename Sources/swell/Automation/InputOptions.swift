import Foundation
import SwellAudio

/// How `play` and `render` take their input files (docs/cli.md#trimming,
/// docs/cli.md#files-in-sequence): the part of each file that plays, and
/// how files that play one after another join.
struct InputOptions: Sendable, Equatable {
    /// `--start TIME`: where each input starts playing, as SoX's `trim`
    /// and FFmpeg's `-ss` cut a file before its effects.
    var start: Double?
    /// `--end TIME`: where each input stops, in the file's time (FFmpeg's
    /// `-to`); past the file's end, the end.
    var end: Double?
    /// `--crossfade TIME`: the inputs play in sequence, each crossing into
    /// the next over TIME with equal power.
    var crossfade: Double?

    init() {}

    /// The part of `source` that plays: all of it, or the excerpt from
    /// `--start` to `--end`, in whole frames of the file.
    func excerpt(of source: any AudioSource) throws(AutomationError) -> any AudioSource {
        guard start != nil || end != nil else { return source }
        let format = source.format
        let rate = Double(format.sampleRate)
        let first = ((start ?? 0) * rate).rounded()
        let last = min(((end ?? .infinity) * rate).rounded(), Double(format.frameCount))
        guard first < Double(format.frameCount) else {
            throw AutomationError("--start \(ProgressLine.clock(start ?? 0)) is past the end of '\(format.path)' "
                                  + "(\(ProgressLine.clock(format.duration)))")
        }
        return AudioSourceExcerpt(source, frames: Int64(first)..<Int64(last))
    }

    /// Checks the values and their combinations.
    func validate() throws(AutomationError) {
        for (name, value) in [("--start", start), ("--end", end), ("--crossfade", crossfade)] {
            if let value, !(value >= 0 && value.isFinite) { throw AutomationError("\(name) must be a finite, non-negative time") }
        }
        if let start, let end, end <= start { throw AutomationError("--end must be after --start") }
    }
}
