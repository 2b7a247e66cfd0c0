import SwellAudio

/// A sound held in memory: what the engine's tests play, so that the engine
/// is tested without a file library or a device.
final class MemorySource: AudioSource {
    let format: AudioSourceDescription
    let samples: [Float]

    /// `samples`, interleaved in `channelCount` channels, at `sampleRate`.
    init(samples: [Float], channelCount: Int = 1, sampleRate: Int) {
        self.samples = samples
        format = AudioSourceDescription(path: "memory", frameCount: Int64(samples.count / channelCount),
                                        sampleRate: sampleRate, channelCount: channelCount)
    }

    func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader {
        Reader(samples: samples, channelCount: format.channelCount, from: Int(first))
    }

    /// Reads the samples from a first frame; the render thread is its only
    /// user once playing.
    private final class Reader: AudioSourceReader, @unchecked Sendable {
        let samples: [Float]
        let channelCount: Int
        private var position: Int
        let failure: (any Error)? = nil

        init(samples: [Float], channelCount: Int, from first: Int) {
            self.samples = samples
            self.channelCount = channelCount
            position = first * channelCount
        }

        func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool) {
            let count = min(frameCount * channelCount, samples.count - position)
            samples.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + position, count: count) }
            position += count
            return (count / channelCount, position == samples.count)
        }
    }
}

extension AudioEngine {
    /// Renders the first `frames` frames offline, into memory, interleaved.
    func renderOffline(frames: Int) throws -> [Float] {
        var out = [Float](repeating: .nan, count: frames * channelCount)
        try out.withUnsafeMutableBufferPointer { buffer in
            while renderedFrames < Int64(frames) {
                let done = Int(renderedFrames)
                _ = try renderOfflineStep(upTo: min(offlineStepFrames, frames - done),
                                          into: buffer.baseAddress! + done * channelCount)
            }
        }
        return out
    }
}
