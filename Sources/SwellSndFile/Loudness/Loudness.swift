import CLoudness
import Foundation

/// A file's EBU R128 loudness (ITU-R BS.1770): its integrated loudness and
/// true peak, measured by libebur128 over the whole of it
/// (docs/loudness.md).
public struct Loudness: Sendable, Equatable {
    /// Integrated loudness in LUFS; -infinity for a file all below the
    /// gate (silence).
    public let integrated: Double
    /// The largest true peak of any channel, in dBTP.
    public let truePeak: Double

    public init(integrated: Double, truePeak: Double) {
        self.integrated = integrated
        self.truePeak = truePeak
    }

    /// Measures `source` from its first frame to its last, at its own
    /// rate; a source that cannot be read twice (a pipe) cannot be.
    package static func measure(_ source: any AudioSource) throws -> Loudness {
        let format = source.format
        guard let meter = swell_loudness_meter_create(UInt32(format.channelCount), UInt(format.sampleRate)) else {
            throw LoudnessError("cannot measure loudness: libebur128 (Debian: libebur128-1) could not be loaded")
        }
        defer { swell_loudness_meter_destroy(meter) }
        let reader = try source.makeReader(streaming: false, from: 0)
        let blockFrames = 4_096
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * format.channelCount)
        defer { buffer.deallocate() }
        while true {
            let (frames, ended) = reader.read(into: buffer, frameCount: blockFrames)
            if frames > 0, swell_loudness_meter_add(meter, buffer, frames) != 0 {
                throw LoudnessError("cannot measure the loudness of '\(format.path)'")
            }
            if ended || frames == 0 { break }
        }
        if let failure = reader.failure { throw failure }
        var integrated = 0.0, peak = 0.0
        guard swell_loudness_meter_result(meter, &integrated, &peak) == 0 else {
            throw LoudnessError("cannot measure the loudness of '\(format.path)'")
        }
        return Loudness(integrated: integrated, truePeak: 20 * log10(peak))
    }
}

/// Why a loudness could not be measured.
public struct LoudnessError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
