import Foundation

/// A duck's volume over time, computed from the key layer's sound ahead
/// of when it is heard (docs/ducking.md): where the key is speaking, and
/// the keyframes of the ducked gain around it.
package enum DuckEnvelope {
    /// The window a level is measured over, in seconds.
    package static let window = 0.02

    /// Where `source` is speaking, in seconds of its media: the runs of
    /// 20 ms windows whose RMS, over every channel, is above `threshold`
    /// (a linear amplitude).
    package static func speech(in source: any AudioSource, threshold: Double) throws -> [Range<Double>] {
        let format = source.format
        let frames = max(1, Int((window * Double(format.sampleRate)).rounded()))
        let reader = try source.makeReader(streaming: false, from: 0)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * format.channelCount)
        defer { buffer.deallocate() }
        var speech: [Range<Double>] = [], start: Double?, position = 0
        let limit = threshold * threshold
        while true {
            // A window may come in several reads.
            var filled = 0, ended = false
            while filled < frames && !ended {
                let read = reader.read(into: buffer + filled * format.channelCount, frameCount: frames - filled)
                filled += read.frames
                ended = read.ended || read.frames == 0
            }
            if filled > 0 {
                var sum = 0.0
                for i in 0..<(filled * format.channelCount) { sum += Double(buffer[i]) * Double(buffer[i]) }
                let speaking = sum / Double(filled * format.channelCount) > limit
                let time = Double(position) / Double(format.sampleRate)
                if speaking, start == nil { start = time }
                if !speaking, let begun = start {
                    speech.append(begun..<time)
                    start = nil
                }
                position += filled
            }
            if ended { break }
        }
        if let failure = reader.failure { throw failure }
        if let begun = start { speech.append(begun..<(Double(position) / Double(format.sampleRate))) }
        return speech
    }

    /// The ducked gain's keyframes around `speech`: from 1 to `gain` over
    /// `attack` before each run, held until `hold` after it, back to 1
    /// over `release`. Runs whose duck would rise and fall again overlap
    /// stay down between them, so nothing steps.
    package static func keyframes(speech: [Range<Double>], gain: Double, attack: Double, hold: Double,
                                  release: Double) -> [(time: Double, gain: Double)] {
        var regions: [(start: Double, end: Double)] = []
        for run in speech {
            if let last = regions.last, run.lowerBound - attack <= last.end + hold + release {
                regions[regions.count - 1].end = run.upperBound
            } else {
                regions.append((run.lowerBound, run.upperBound))
            }
        }
        return regions.flatMap { region in
            [(region.start - attack, 1.0), (region.start, gain), (region.end + hold, gain),
             (region.end + hold + release, 1.0)]
        }
    }
}
