import Glibc
import Synchronization

/// Decodes a file (a ``SoundFile``, or any ``DecodedAudio``) on its own thread into a fixed ring buffer, for an
/// audio render thread to consume without ever blocking.
///
/// The render thread never locks, allocates or does file I/O
/// (docs/architecture.md#real-time-rules), so the file is decoded on a
/// thread of its own into an `SPSCRing` of frames:
///
/// - **Memory is fixed.** The ring (``bufferFrameCount`` frames, about
///   `bufferDuration` seconds rounded up to a power of two) and one chunk
///   buffer (``chunkFrameCount`` frames) are allocated in `init`; nothing
///   grows with the length of the file.
/// - **Prefetch.** ``start(from:)`` seeks, fills the whole ring on the
///   calling thread and only then lets the consumer read, so playback does
///   not begin with an underrun.
/// - **The consumer** calls ``read(into:frameCount:)`` on the render thread:
///   atomics, a wait-free ring copy and, at most once per refill, a
///   `sem_post` — no lock, no allocation, no file I/O, no blocking. It learns
///   the stream's state from the returned ``Status``: more data,
///   an underrun (the decoder has fallen behind), the end of the stream, a
///   decode error, or a stopped decoder.
/// - **Waking the producer.** The decoding thread sleeps on a semaphore when
///   the ring has no room for a chunk. Before sleeping it raises a "waiting"
///   flag, issues a sequentially consistent fence and checks the free space
///   again; after each read the consumer issues the same fence, and if the
///   flag is up and a chunk's worth of space is free, it lowers the flag and
///   posts the semaphore (``WakeupSignal`` explains why `sem_post` is
///   real-time safe: glibc makes it an atomic add plus a non-blocking
///   `FUTEX_WAKE`). The two fences make this Dekker's handshake: either the
///   producer sees the space the consumer freed and does not sleep, or the
///   consumer sees the flag and wakes it — no wake-up is lost. The
///   consumer posts only when the producer really sleeps, at most once per
///   chunk it consumes (every 85 ms with the default 4096-frame chunk at
///   48 kHz). Polling with a timed sleep was
///   rejected: it trades latency for CPU and caps the rate at which an
///   offline consumer can drain the ring.
/// - **Stopping and restarting** close a gate the consumer checks on every
///   read (again a fenced handshake: the consumer marks itself busy, then
///   checks the gate; the controller closes the gate, then waits for "not
///   busy"), so the ring and file can be reset while the render thread keeps
///   calling ``read(into:frameCount:)``; it sees ``Status/stopped``
///   meanwhile.
///
/// ``start(from:)``, ``stop()`` and ``error`` are for control threads (they
/// may block and lock); only ``read(into:frameCount:)`` and
/// ``underrunCount`` belong on the render thread, which must be a single
/// thread at a time.
public final class StreamingDecoder: Sendable {
    /// What a ``read(into:frameCount:)`` delivered.
    public struct ReadResult: Equatable, Sendable {
        /// Frames copied into the destination, from its start.
        public var frameCount: Int
        /// What the stream is doing.
        public var status: Status

        public init(frameCount: Int, status: Status) {
            self.frameCount = frameCount
            self.status = status
        }
    }

    /// The state of the stream as seen by the consumer.
    public enum Status: Equatable, Sendable {
        /// Every requested frame was delivered.
        case playing
        /// Fewer frames than requested were ready, but more will come: the
        /// decoder fell behind. Counted in ``underrunCount``.
        case underrun
        /// The file has been delivered to its last frame; fewer frames than
        /// requested (possibly none) were delivered and no more will come.
        case endOfStream
        /// Decoding failed after the frames delivered; ``error`` says why.
        case failed
        /// The decoder is not started, is stopping, or is restarting.
        case stopped
    }

    /// The file's path.
    public let path: String
    /// Frames per second of the decoded stream.
    public let sampleRate: Int
    /// Samples per frame.
    public let channelCount: Int
    /// The file's length in frames.
    public let frameCount: Int64
    /// Frames decoded per file read.
    public let chunkFrameCount: Int
    /// The ring's size in frames: the most audio ever held in memory.
    public var bufferFrameCount: Int { shared.ring.capacity }

    private let shared: Shared
    /// The running decoding thread, if any; its lock serialises the control
    /// calls.
    private let control = Locked<RenderThread?>(nil)

    /// Prepares to stream `file`. Nothing is decoded until ``start(from:)``.
    ///
    /// - Parameters:
    ///   - file: the file to stream; the decoder takes it over.
    ///   - bufferDuration: seconds of audio the ring holds (rounded up to a
    ///     power of two of frames, and to at least two chunks).
    ///   - chunkFrameCount: frames decoded per file read.
    public convenience init(file: sending SoundFile, bufferDuration: Double = 1, chunkFrameCount: Int = 4096) {
        self.init(decoding: file, bufferDuration: bufferDuration, chunkFrameCount: chunkFrameCount)
    }

    /// Prepares to stream `file`, as ``init(file:bufferDuration:chunkFrameCount:)``.
    package init(decoding file: sending any DecodedAudio, bufferDuration: Double = 1, chunkFrameCount: Int = 4096) {
        precondition(bufferDuration.isFinite && bufferDuration > 0, "invalid buffer duration \(bufferDuration)")
        precondition(chunkFrameCount > 0, "chunk frame count must be positive")
        path = file.path
        sampleRate = file.sampleRate
        channelCount = file.channelCount
        frameCount = file.frameCount
        self.chunkFrameCount = chunkFrameCount
        let ringFrames = max(Int((bufferDuration * Double(file.sampleRate)).rounded(.up)), 2 * chunkFrameCount)
        shared = Shared(file: file, ringFrames: ringFrames, chunkFrameCount: chunkFrameCount)
    }

    /// Opens `path` and prepares to stream it.
    public convenience init(path: String, bufferDuration: Double = 1) throws(SoundFileError) {
        self.init(file: try SoundFile(path: path), bufferDuration: bufferDuration)
    }

    deinit {
        stop()
    }

    // MARK: Control threads

    /// Streams from `frame` on: stops a running decoder, seeks, fills the
    /// ring, lets the consumer read and starts the decoding thread.
    ///
    /// Returns once the ring is full (or holds the whole rest of the file),
    /// so a render that begins afterwards starts without an underrun.
    ///
    /// - Throws: ``SoundFileError/cannotRead(path:reason:)`` if the file cannot
    ///   seek to `frame` or no decoding thread can be created. A decode error
    ///   during the prefetch is not thrown: the consumer meets it as
    ///   ``Status/failed`` after the frames decoded before it.
    public func start(from frame: Int64 = 0) throws(SoundFileError) {
        try control.withLock { (thread: inout RenderThread?) throws(SoundFileError) in
            halt(&thread)
            try shared.prepare(from: frame)
            while shared.decodeChunk() == .decoded {}
            shared.gateIsOpen.store(true, ordering: .releasing)
            guard !shared.hasFinished else { return }
            let shared = self.shared
            do throws(RenderThreadError) {
                thread = try RenderThread(priority: nil) { shared.produce() }
            } catch {
                let failure = SoundFileError.cannotRead(
                    path: path, reason: "cannot start the decoding thread: \(error.reason)")
                shared.fail(failure)
                throw failure
            }
        }
    }

    /// Stops the decoding thread and waits for it to exit. The consumer sees
    /// ``Status/stopped`` from now until the next ``start(from:)``.
    public func stop() {
        control.withLock { halt(&$0) }
    }

    /// Why decoding failed, once a read has returned ``Status/failed``. Takes
    /// a lock: not for the render thread.
    public var error: SoundFileError? {
        shared.failure.withLock { $0 }
    }

    /// Closes the gate, waits for any read in progress, and joins the
    /// decoding thread. Called with the control lock held.
    private func halt(_ thread: inout RenderThread?) {
        shared.closeGate()
        if let running = thread {
            shared.stopIsRequested.store(true, ordering: .releasing)
            shared.wakeup.signal()
            running.join()
            thread = nil
        }
    }

    // MARK: Render thread

    /// Copies up to `frameCount` decoded frames into `destination`.
    ///
    /// Real-time safe: no lock, no allocation, no I/O, no blocking. Call from
    /// one thread at a time.
    public func read(into destination: UnsafeMutableBufferPointer<Float>, frameCount: Int) -> ReadResult {
        shared.read(into: destination, frameCount: frameCount)
    }

    /// How many reads have returned ``Status/underrun`` since the decoder was
    /// created. Real-time safe.
    public var underrunCount: Int {
        shared.underruns.load(ordering: .relaxed)
    }
}

extension StreamingDecoder {
    /// The state the decoding thread, the control threads and the render
    /// thread share. The decoding thread holds this, not the decoder, so that
    /// dropping the decoder can stop the thread.
    fileprivate final class Shared: Sendable {
        /// Decoded frames: slots of `channelCount` samples.
        let ring: SPSCRing<Float>
        let chunkFrameCount: Int
        let wakeup = WakeupSignal()

        /// The file and the chunk buffer, used by one producer at a time: the
        /// prefetch in `start(from:)` or the decoding thread.
        let producer: Locked<Producer>
        let failure = Locked<SoundFileError?>(nil)

        let gateIsOpen = Atomic<Bool>(false)
        let consumerIsBusy = Atomic<Bool>(false)
        let producerIsWaiting = Atomic<Bool>(false)
        let stopIsRequested = Atomic<Bool>(false)
        /// Set (release) after the last frame of the file is in the ring.
        let producerFinished = Atomic<Bool>(false)
        /// Set (release) after a decode error; `failure` holds it.
        let producerFailed = Atomic<Bool>(false)
        let underruns = Atomic<Int>(0)

        init(file: sending any DecodedAudio, ringFrames: Int, chunkFrameCount: Int) {
            ring = SPSCRing(minimumCapacity: ringFrames, slotWidth: file.channelCount)
            self.chunkFrameCount = chunkFrameCount
            producer = Locked(Producer(file: file, chunkFrameCount: chunkFrameCount))
        }

        var hasFinished: Bool {
            producerFinished.load(ordering: .acquiring) || producerFailed.load(ordering: .acquiring)
        }

        // MARK: Control

        /// Waits until the consumer is outside `read` and will not enter it.
        func closeGate() {
            gateIsOpen.store(false, ordering: .sequentiallyConsistent)
            while consumerIsBusy.load(ordering: .sequentiallyConsistent) {
                // A read in progress is one bounded ring copy; yield until it ends.
                sched_yield()
            }
        }

        /// Seeks and empties the ring. Only with the gate closed and no
        /// decoding thread.
        func prepare(from frame: Int64) throws(SoundFileError) {
            try producer.withLock { (producer: inout Producer) throws(SoundFileError) in
                try producer.file.seek(toFrame: frame)
            }
            ring.reset()
            stopIsRequested.store(false, ordering: .relaxed)
            producerIsWaiting.store(false, ordering: .relaxed)
            producerFinished.store(false, ordering: .relaxed)
            producerFailed.store(false, ordering: .relaxed)
            failure.withLock { $0 = nil }
        }

        func fail(_ error: SoundFileError) {
            failure.withLock { $0 = error }
            producerFailed.store(true, ordering: .releasing)
        }

        // MARK: Producer

        enum ChunkOutcome { case decoded, noRoom, finished }

        /// Decodes one chunk into the ring if it has room for a whole chunk.
        func decodeChunk() -> ChunkOutcome {
            guard ring.availableToWrite >= chunkFrameCount else { return .noRoom }
            let outcome = producer.withLock { producer -> Result<Int, SoundFileError> in
                do throws(SoundFileError) {
                    let decoded = try producer.file.readFrames(into: producer.chunk, count: chunkFrameCount)
                    ring.write(from: UnsafeBufferPointer(producer.chunk), count: decoded)
                    return .success(decoded)
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .success(0):
                producerFinished.store(true, ordering: .releasing)
                return .finished
            case .success:
                return .decoded
            case .failure(let error):
                fail(error)
                return .finished
            }
        }

        /// The decoding thread's loop.
        func produce() {
            while !stopIsRequested.load(ordering: .acquiring) {
                switch decodeChunk() {
                case .decoded:
                    continue
                case .finished:
                    return
                case .noRoom:
                    producerIsWaiting.store(true, ordering: .relaxed)
                    atomicMemoryFence(ordering: .sequentiallyConsistent)
                    if ring.availableToWrite < chunkFrameCount,
                        !stopIsRequested.load(ordering: .acquiring)
                    {
                        wakeup.wait()
                    }
                    producerIsWaiting.store(false, ordering: .relaxed)
                }
            }
        }

        // MARK: Consumer

        func read(into destination: UnsafeMutableBufferPointer<Float>, frameCount: Int) -> ReadResult {
            consumerIsBusy.store(true, ordering: .sequentiallyConsistent)
            defer { consumerIsBusy.store(false, ordering: .releasing) }
            guard gateIsOpen.load(ordering: .sequentiallyConsistent) else {
                return ReadResult(frameCount: 0, status: .stopped)
            }

            let delivered = ring.read(into: destination, count: frameCount)
            wakeProducerIfWaiting()
            guard delivered < frameCount else {
                return ReadResult(frameCount: delivered, status: .playing)
            }
            // Both flags are set after the producer's last ring write, so
            // seeing one and then an empty ring means nothing more will come.
            let failed = producerFailed.load(ordering: .acquiring)
            let finished = producerFinished.load(ordering: .acquiring)
            if (failed || finished) && ring.availableToRead == 0 {
                return ReadResult(frameCount: delivered, status: failed ? .failed : .endOfStream)
            }
            underruns.wrappingAdd(1, ordering: .relaxed)
            return ReadResult(frameCount: delivered, status: .underrun)
        }

        /// The consumer's half of the wake-up handshake described on
        /// ``StreamingDecoder``.
        private func wakeProducerIfWaiting() {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            guard producerIsWaiting.load(ordering: .relaxed),
                ring.capacity - ring.availableToRead >= chunkFrameCount,
                producerIsWaiting.exchange(false, ordering: .relaxed)
            else { return }
            wakeup.signal()
        }
    }

    /// The decoding side's private state.
    fileprivate struct Producer: ~Copyable {
        let file: any DecodedAudio
        let chunk: UnsafeMutableBufferPointer<Float>

        init(file: sending any DecodedAudio, chunkFrameCount: Int) {
            self.file = file
            chunk = .allocate(capacity: chunkFrameCount * file.channelCount)
            chunk.initialize(repeating: 0)
        }

        deinit {
            chunk.deallocate()
        }
    }
}
