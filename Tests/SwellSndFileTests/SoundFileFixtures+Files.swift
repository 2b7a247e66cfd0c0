import Foundation
import SwellSndFile
import TestSupport

extension SoundFileFixtures {
    /// Reads `file` to its end in chunks of `chunk` frames.
    static func readAll(_ file: SoundFile, chunk: Int = 1000) throws -> [Float] {
        var samples: [Float] = []
        var buffer = [Float](repeating: .nan, count: chunk * file.channelCount)
        while true {
            let frames = try buffer.withUnsafeMutableBufferPointer { pointer in
                try file.readFrames(into: pointer, count: chunk)
            }
            if frames == 0 { return samples }
            samples += buffer[..<(frames * file.channelCount)]
        }
    }

    /// Writes `samples` through a ``SoundFileWriter`` and commits.
    static func write(
        _ samples: [Float], to path: String, sampleRate: Int = 8000, channelCount: Int = 1,
        encoding: SampleEncoding? = nil, overwrite: Bool = false
    ) throws -> SoundFileWriter {
        let writer = try SoundFileWriter(
            path: path, sampleRate: sampleRate, channelCount: channelCount, encoding: encoding,
            overwrite: overwrite)
        try samples.withUnsafeBufferPointer { pointer in
            try writer.writeFrames(from: pointer, count: samples.count / channelCount)
        }
        try writer.commit()
        return writer
    }
}
