import SwellAudio

/// A voice's samples streamed by a ``StreamingDecoder``: decoding runs on its
/// own thread and the render thread only copies from the ring buffer, so
/// live playback never waits for the disk.
package final class StreamingSourceReader: AudioSourceReader {
    let decoder: StreamingDecoder
    package var channelCount: Int { decoder.channelCount }

    /// Streams `file` from frame `first`, the ring filled before it returns.
    package init(file: sending any DecodedAudio, from first: Int64) throws(SoundFileError) {
        decoder = StreamingDecoder(decoding: file)
        try decoder.start(from: first)
    }

    deinit { decoder.stop() }

    package var failure: (any Error)? { decoder.error }

    package func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool) {
        let result = decoder.read(into: UnsafeMutableBufferPointer(start: buffer, count: frameCount * channelCount),
                                  frameCount: frameCount)
        switch result.status {
        case .endOfStream, .failed: return (result.frameCount, true)
        case .playing, .underrun, .stopped: return (result.frameCount, false)
        }
    }
}

/// A voice's samples read straight from the file, on the thread that
/// renders. For offline rendering, where nothing is real-time and a second
/// thread would only add copies.
package final class FileSourceReader: AudioSourceReader, @unchecked Sendable {
    private let file: any DecodedAudio
    private var error: SoundFileError?
    package var channelCount: Int { file.channelCount }
    package var failure: (any Error)? { error }

    /// Reads `file` from frame `first`.
    package init(file: sending any DecodedAudio, from first: Int64) throws(SoundFileError) {
        if first != file.position { try file.seek(toFrame: first) }
        self.file = file
    }

    package func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool) {
        reading(frameCount) { () throws(SoundFileError) in
            try file.readFrames(into: UnsafeMutableBufferPointer(start: buffer, count: frameCount * channelCount),
                                count: frameCount)
        }
    }

    package func readStored(into bytes: UnsafeMutableRawPointer, frameCount: Int,
                    layout: StoredSampleLayout) -> (frames: Int, ended: Bool)? {
        guard file.storedLayout == layout else { return nil }
        return reading(frameCount) { () throws(SoundFileError) in try file.readStoredFrames(into: bytes, count: frameCount) }
    }

    /// Runs a read of up to `frameCount` frames; a short one ends the
    /// source, and the failure that cut it short — or the first read's
    /// failure — is kept for ``failure``, with the frames before it delivered.
    private func reading(_ frameCount: Int, _ read: () throws(SoundFileError) -> Int) -> (frames: Int, ended: Bool) {
        guard error == nil else { return (0, true) }
        do {
            let frames = try read()
            if frames < frameCount { error = file.pendingError }
            return (frames, frames < frameCount)
        } catch {
            self.error = error
            return (0, true)
        }
    }
}
