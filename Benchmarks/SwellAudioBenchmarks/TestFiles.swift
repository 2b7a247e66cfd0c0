import Foundation
import SwellSndFile

/// The input files of the audio benchmarks: a 440 Hz sine at half scale,
/// stereo, 48 kHz, written once per process with Swell's own
/// `SoundFileWriter` into a temporary folder (in memory under `/dev/shm`
/// when there is one, so that the disk is not what is measured).
enum TestFiles {
    static let sampleRate = 48_000
    static let channelCount = 2
    static let seconds = 60

    static let directory: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base = FileManager.default.fileExists(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("swell-benchmarks-\(getpid())", isDirectory: true)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFiles.directory) }
        return directory
    }()

    /// A `seconds`-long sine in `encoding`, written on first use.
    static func sine(_ encoding: SampleEncoding) throws -> String {
        let path = directory.appendingPathComponent("sine-\(encoding).wav").path
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let writer = try SoundFileWriter(path: path, sampleRate: sampleRate, channelCount: channelCount,
                                         encoding: encoding)
        let block = 4_096
        var samples = [Float](repeating: 0, count: block * channelCount)
        var frame = 0
        while frame < seconds * sampleRate {
            let count = min(block, seconds * sampleRate - frame)
            for i in 0..<count {
                let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(frame + i) / Double(sampleRate)))
                for c in 0..<channelCount { samples[i * channelCount + c] = value }
            }
            try samples.withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: count) }
            frame += count
        }
        try writer.commit()
        return path
    }

    /// A path for an output file.
    static func output(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
