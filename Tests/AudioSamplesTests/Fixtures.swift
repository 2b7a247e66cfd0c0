import Foundation
import SwellSndFile
import ALSATestSupport
import TestSupport

/// A temporary directory for one test's files, removed with it.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("swell-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// Sound files whose every frame is the same: channel c holds `levels[c]`
/// throughout. With a constant input, the gain a program applied to frame
/// n is simply output[n] / level — per sample, with no estimation.
enum ConstantSignal {
    static func write(to path: String, levels: [Float], frames: Int, sampleRate: Int,
                      encoding: SampleEncoding = .float) throws {
        let writer = try SoundFileWriter(path: path, sampleRate: sampleRate, channelCount: levels.count,
                                         encoding: encoding)
        let chunk = 4096
        let block = [[Float]](repeating: levels, count: chunk).flatMap { $0 }
        var written = 0
        while written < frames {
            let count = min(chunk, frames - written)
            try block.withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: count) }
            written += count
        }
        try writer.commit()
    }

    /// Every frame of `path`, interleaved.
    static func read(_ path: String) throws -> (samples: [Float], channelCount: Int, sampleRate: Int) {
        let file = try SoundFile(path: path)
        var samples = [Float](repeating: 0, count: Int(file.frameCount) * file.channelCount)
        let read = try samples.withUnsafeMutableBufferPointer { try file.readFrames(into: $0, count: Int(file.frameCount)) }
        guard read == Int(file.frameCount) else {
            throw TestSupportError("\(path) gave \(read) of its \(file.frameCount) frames")
        }
        return (samples, file.channelCount, file.sampleRate)
    }
}
