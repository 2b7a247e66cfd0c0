import Foundation
import ALSATestSupport
@testable import SwellSndFile

extension ALSATestConfiguration {
    /// Writes `name` in the configuration's directory: `seconds` of stereo
    /// 48 kHz floats all at `level`, a signal whose played gain is read off
    /// any sample. Returns its path.
    func constantSoundFile(_ name: String, seconds: Int, level: Float) throws -> String {
        let file = directory.appendingPathComponent(name).path
        let frames = seconds * 48_000
        let writer = try SoundFileWriter(path: file, sampleRate: 48_000, channelCount: 2, encoding: .float)
        let samples = [Float](repeating: level, count: frames * 2)
        try samples.withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: frames) }
        try writer.commit()
        return file
    }
}
