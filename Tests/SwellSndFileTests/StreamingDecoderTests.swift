import Foundation
import Synchronization
import SwellSndFile
import TestSupport
import Testing

@Suite struct StreamingDecoderTests {
    typealias Fixtures = SoundFileFixtures

    /// What a consumer collected by reading until the stream ended or failed.
    struct Drained {
        var samples: [Float] = []
        var statuses: [StreamingDecoder.Status] = []
        var last: StreamingDecoder.ReadResult?
    }

    /// Reads `decoder` in blocks of `block` frames, as a render thread would,
    /// yielding on underruns, until end of stream or failure.
    static func drain(_ decoder: StreamingDecoder, block: Int, limit: Int = 100_000_000) -> Drained {
        var drained = Drained()
        var buffer = [Float](repeating: .nan, count: block * decoder.channelCount)
        for _ in 0..<limit {
            let result = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: block) }
            drained.samples += buffer[..<(result.frameCount * decoder.channelCount)]
            if drained.statuses.last != result.status { drained.statuses.append(result.status) }
            drained.last = result
            switch result.status {
            case .playing: continue
            case .underrun: sched_yield()
            case .endOfStream, .failed, .stopped: return drained
            }
        }
        return drained
    }

    /// A 24-bit mono WAV whose frame n holds the value n / 2^23, so a frame
    /// says where it came from.
    static func makeCountingFile(frames: Int, in directory: Fixtures.Directory) throws -> String {
        let bytes = (0..<frames).flatMap { n in (0..<3).map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) } }
        let raw = directory.file("count.raw")
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        let path = directory.file("count.wav")
        try Fixtures.sox("-t", "raw", "-r", "48000", "-e", "signed", "-b", "24", "-c", "1", raw, path)
        return path
    }

    @Test func deliversEveryFrameOfTheFileThenEndOfStream() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("music.flac")
        try Fixtures.sox("-n", "-r", "44100", "-c", "2", "-b", "16", path, "synth", "3", "sine", "220", "pinknoise")
        let reference = try Fixtures.soxSamples(path)
        let frames = Int(try Subprocess.run("soxi", ["-s", path]).requireSuccess().standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines))!

        // A ring of 1024 frames refilled 256 at a time wraps hundreds of times.
        let decoder = StreamingDecoder(file: try SoundFile(path: path), bufferDuration: 0.02, chunkFrameCount: 256)
        #expect(decoder.bufferFrameCount == 1024)
        #expect(decoder.frameCount == Int64(frames))
        try decoder.start()
        let drained = Self.drain(decoder, block: 300)

        #expect(drained.last?.status == .endOfStream)
        #expect(drained.samples.count == frames * 2)
        #expect(drained.samples == reference)
        var buffer = [Float](repeating: 0, count: 600)
        let after = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: 300) }
        #expect(after == StreamingDecoder.ReadResult(frameCount: 0, status: .endOfStream))
        decoder.stop()
    }

    @Test func readsNothingUntilStartedAndAfterStopping() throws {
        let directory = try Fixtures.Directory()
        let path = try Self.makeCountingFile(frames: 20_000, in: directory)
        let decoder = try StreamingDecoder(path: path, bufferDuration: 0.1)
        var buffer = [Float](repeating: 0, count: 100)
        func read() -> StreamingDecoder.ReadResult {
            buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: 100) }
        }
        #expect(read() == StreamingDecoder.ReadResult(frameCount: 0, status: .stopped))
        try decoder.start()
        #expect(read() == StreamingDecoder.ReadResult(frameCount: 100, status: .playing))
        #expect(buffer == (0..<100).map { Float($0) / 8_388_608 })
        decoder.stop()
        #expect(read() == StreamingDecoder.ReadResult(frameCount: 0, status: .stopped))
        decoder.stop()
    }

    /// `start` returns with the ring filled: a whole ring's worth less one
    /// chunk is readable at once, and asking for more than the ring holds is
    /// an underrun, not a wait.
    @Test func prefetchesBeforePlaybackAndReportsUnderruns() throws {
        let directory = try Fixtures.Directory()
        let path = try Self.makeCountingFile(frames: 100_000, in: directory)
        let decoder = StreamingDecoder(file: try SoundFile(path: path), bufferDuration: 0.1, chunkFrameCount: 1024)
        try decoder.start()
        let ready = decoder.bufferFrameCount - decoder.chunkFrameCount
        var buffer = [Float](repeating: 0, count: 2 * decoder.bufferFrameCount)
        let first = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: ready) }
        #expect(first == StreamingDecoder.ReadResult(frameCount: ready, status: .playing))
        #expect(buffer[..<ready] == ArraySlice((0..<ready).map { Float($0) / 8_388_608 }))

        #expect(decoder.underrunCount == 0)
        let greedy = buffer.withUnsafeMutableBufferPointer {
            decoder.read(into: $0, frameCount: 2 * decoder.bufferFrameCount)
        }
        #expect(greedy.status == .underrun)
        #expect(greedy.frameCount <= decoder.bufferFrameCount)
        #expect(decoder.underrunCount == 1)
        decoder.stop()
    }

    /// A file shorter than the ring is decoded entirely by the prefetch.
    @Test func shortFileIsPrefetchedWhole() throws {
        let directory = try Fixtures.Directory()
        let path = try Self.makeCountingFile(frames: 3000, in: directory)
        let decoder = try StreamingDecoder(path: path, bufferDuration: 1)
        try decoder.start()
        var buffer = [Float](repeating: 0, count: 4000)
        let all = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: 4000) }
        #expect(all == StreamingDecoder.ReadResult(frameCount: 3000, status: .endOfStream))
        #expect(buffer[..<3000] == ArraySlice((0..<3000).map { Float($0) / 8_388_608 }))
    }

    @Test func restartsFromAFrame() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("music.wav")
        try Fixtures.sox("-n", "-r", "48000", "-c", "2", "-b", "24", path, "synth", "2", "sine", "300", "sine", "500")
        let decoder = StreamingDecoder(file: try SoundFile(path: path), bufferDuration: 0.05, chunkFrameCount: 512)

        for start in [70_000, 0, 95_999, 96_000] {
            try decoder.start(from: Int64(start))
            let drained = Self.drain(decoder, block: 256)
            #expect(drained.last?.status == .endOfStream)
            let reference = Fixtures.floats(try Fixtures.sox(path, "-t", "f32", "-", "trim", "\(start)s"))
            #expect(drained.samples == reference, "restart from frame \(start)")
        }
        #expect(throws: SoundFileError.cannotRead(path: path, reason: "frame 96001 is outside the file (0 to 96000)")) {
            try decoder.start(from: 96_001)
        }
    }

    /// Restarts while a render thread keeps reading: every frame it gets
    /// either follows the previous one or is a restart point, it sees
    /// `.stopped` at most between the two, and the stream ends at the file's
    /// last frame.
    @Test func restartsWhileTheConsumerIsReading() async throws {
        let directory = try Fixtures.Directory()
        let frames = 200_000
        let path = try Self.makeCountingFile(frames: frames, in: directory)
        let decoder = StreamingDecoder(file: try SoundFile(path: path), bufferDuration: 0.02, chunkFrameCount: 256)
        let restarts = [0, 150_000, 1234, 60_000]
        let outcome = Locked<(problems: [String], lastFrame: Int, final: StreamingDecoder.Status)?>(nil)
        let restartsDone = Atomic<Bool>(false)

        let consumer = Thread {
            var buffer = [Float](repeating: 0, count: 64)
            var previous = -1
            var problems: [String] = []
            var final = StreamingDecoder.Status.stopped
            while true {
                let result = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: 64) }
                for sample in buffer[..<result.frameCount] {
                    let frame = Int(sample * 8_388_608)
                    if frame != previous + 1 && !restarts.contains(frame) && problems.count < 5 {
                        problems.append("frame \(frame) after \(previous)")
                    }
                    previous = frame
                }
                final = result.status
                if result.status == .endOfStream && restartsDone.load(ordering: .acquiring) { break }
                if result.status != .playing { sched_yield() }
            }
            outcome.withLock { $0 = (problems, previous, final) }
        }
        consumer.start()
        for start in restarts {
            try decoder.start(from: Int64(start))
            try await Task.sleep(for: .milliseconds(15))
        }
        restartsDone.store(true, ordering: .releasing)

        let deadline = Date().addingTimeInterval(60)
        while outcome.withLock({ $0 == nil }) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let result = try #require(outcome.withLock { $0 }, "the consumer did not reach the end")
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.lastFrame == frames - 1)
        #expect(result.final == .endOfStream)
        decoder.stop()
    }

    /// A pipe streams from its start to its real end; it cannot restart.
    @Test func streamsFromAPipe() throws {
        let directory = try Fixtures.Directory()
        let reference = directory.file("reference.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "1", "-b", "16", reference, "synth", "2", "sine", "440")
        let pipe = directory.file("pipe")
        let writer = try Fixtures.soxPipe(at: pipe, playing: reference)
        defer { writer.wait() }

        let decoder = StreamingDecoder(file: try SoundFile(path: pipe), bufferDuration: 0.1, chunkFrameCount: 256)
        try decoder.start()
        let drained = Self.drain(decoder, block: 100)
        #expect(drained.last?.status == .endOfStream)
        #expect(drained.samples == (try Fixtures.soxSamples(reference)))
        #expect(throws: SoundFileError.cannotRead(
            path: pipe, reason: "cannot seek to frame 0: the stream is not seekable")) {
            try decoder.start(from: 0)
        }
    }

    /// A stream that breaks mid-way — a file cut to half its size after it
    /// was opened: the frames before the break arrive, then `.failed`, and
    /// `error` names the file and where its data ended.
    /// The file is larger than the reader's 1 MiB buffer, so the cut is met
    /// while decoding.
    @Test func decodeErrorReachesTheConsumer() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("cut.flac")
        let frames = 30 * 48_000
        try Fixtures.sox("-n", "-r", "48000", "-c", "1", "-b", "16", path, "synth", "30", "whitenoise")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 2 << 20)

        let decoder = StreamingDecoder(file: try SoundFile(path: path), bufferDuration: 0.1, chunkFrameCount: 256)
        #expect(truncate(path, off_t(size / 2)) == 0)
        try decoder.start()
        let drained = Self.drain(decoder, block: 4096)
        #expect(drained.last?.status == .failed)
        #expect((1..<frames * 3 / 4).contains(drained.samples.count), "\(drained.samples.count) of \(frames) frames")
        let error = try #require(decoder.error)
        #expect(error.path == path)
        #expect(error.description.hasPrefix("'\(path)': premature end of data at "))
        guard case .prematureEnd(_, let frame, let frameCount, _, _) = error else {
            Issue.record("expected a premature end, got \(error)")
            return
        }
        #expect(frame == Int64(drained.samples.count) && frameCount == Int64(frames))
    }

    /// Ten minutes of 48 kHz stereo (230 MB as floats) stream through a ring
    /// of a second: the resident set grows by far less than the audio. (The
    /// resident set is the whole test process's, and other tests run at the
    /// same time — rendering 1920×1080 frames of 8 MB among them, which
    /// have added 67 MB while this ran; half of the audio leaves room for
    /// them and still fails a decoder that keeps what it decodes, by
    /// 115 MB.)
    @Test func longFileKeepsMemoryFlat() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("long.wav")
        try Fixtures.sox("-n", "-r", "48000", "-c", "2", "-b", "16", path, "synth", "600", "sine", "440")
        let decoder = try StreamingDecoder(path: path)
        #expect(decoder.bufferFrameCount == 65536)  // 1 s at 48 kHz, rounded up to 2^16

        var buffer = [Float](repeating: 0, count: 2 * 4096)
        let before = residentBytes()
        var peak = before
        var frames = 0
        var reads = 0
        try decoder.start()
        while true {
            let result = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0, frameCount: 4096) }
            frames += result.frameCount
            reads += 1
            if reads % 512 == 0 { peak = max(peak, residentBytes()) }
            if result.status == .endOfStream || result.status == .failed { break }
            if result.status == .underrun { sched_yield() }
        }
        peak = max(peak, residentBytes())
        #expect(frames == 600 * 48000)
        let decodedBytes = 600 * 48000 * 2 * MemoryLayout<Float>.size
        #expect(peak - before < decodedBytes / 2, "resident set grew by \(peak - before) bytes while streaming \(decodedBytes)")
    }
}
