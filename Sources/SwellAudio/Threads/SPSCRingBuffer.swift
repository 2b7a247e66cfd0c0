import Synchronization

/// A lock-free, wait-free ring of interleaved `Float` frames between exactly
/// one producer thread and exactly one consumer thread.
///
/// The design is the classic Lamport queue with C11 orderings, as in
/// `jack_ringbuffer_t` and Boost.Lockfree's `spsc_queue`:
///
/// - Two monotonically increasing frame counters, ``writeIndex`` (stored only
///   by the producer) and ``readIndex`` (stored only by the consumer). The
///   slot of frame `i` is `i & (capacity − 1)`, which is why the capacity is a
///   power of two, and `write − read` is the fill level, so a full ring and
///   an empty one are never confused. 64-bit counters do not wrap in practice
///   (2^63 frames is three million years at 96 kHz), and the arithmetic
///   wraps anyway.
/// - The producer copies samples in, then publishes the new write index with
///   a *release* store; the consumer loads it with *acquire*, so the samples
///   are visible before the index that announces them. Symmetrically, the
///   consumer's release store of the read index, acquired by the producer,
///   guarantees the consumer has finished copying a slot out before the
///   producer overwrites it.
/// - Each call is a bounded number of steps — two atomic loads, at most two
///   `memcpy`-like copies, one atomic store — with no retry loop, so both
///   sides are wait-free, and nothing allocates after `init`. That makes
///   ``read(into:frameCount:)`` safe on an audio render thread.
///
/// The single-producer / single-consumer contract is the caller's to keep:
/// ``write(from:frameCount:)`` and ``availableToWrite`` on one thread,
/// ``read(into:frameCount:)`` and ``availableToRead`` on one (other) thread.
/// Under that contract the unsynchronised sample storage is race-free, which
/// is what the `@unchecked Sendable` conformance asserts.
public final class SPSCRingBuffer: @unchecked Sendable {
    /// The number of frames the ring holds, a power of two.
    public let capacity: Int
    /// Samples per frame.
    public let channelCount: Int

    private let mask: Int
    private let storage: UnsafeMutablePointer<Float>
    /// Frames ever written; stored by the producer only.
    private let writeIndex = Atomic<Int>(0)
    /// Frames ever read; stored by the consumer only.
    private let readIndex = Atomic<Int>(0)

    /// Creates an empty ring of at least `minimumCapacity` frames (rounded up
    /// to a power of two) of `channelCount` samples each.
    public init(minimumCapacity: Int, channelCount: Int) {
        precondition((1...(1 << 40)).contains(minimumCapacity), "ring capacity \(minimumCapacity) is out of range")
        precondition(channelCount > 0, "channel count must be positive, not \(channelCount)")
        let capacity = minimumCapacity <= 1 ? 1 : 1 << (Int.bitWidth - (minimumCapacity - 1).leadingZeroBitCount)
        self.capacity = capacity
        self.channelCount = channelCount
        mask = capacity - 1
        storage = .allocate(capacity: capacity * channelCount)
        storage.initialize(repeating: 0, count: capacity * channelCount)
    }

    deinit {
        storage.deallocate()
    }

    // MARK: Producer side

    /// Frames the producer can write now. Call on the producer thread.
    public var availableToWrite: Int {
        let read = readIndex.load(ordering: .acquiring)
        let write = writeIndex.load(ordering: .relaxed)
        return capacity - (write &- read)
    }

    /// Copies up to `frameCount` interleaved frames from `source` into the
    /// ring. Call on the producer thread.
    ///
    /// - Returns: the frames written: `min(frameCount, availableToWrite)`.
    @discardableResult
    public func write(from source: UnsafeBufferPointer<Float>, frameCount: Int) -> Int {
        precondition(frameCount >= 0 && source.count >= frameCount * channelCount,
                     "source holds \(source.count) samples, not \(frameCount) frames")
        let read = readIndex.load(ordering: .acquiring)
        let write = writeIndex.load(ordering: .relaxed)
        let count = min(frameCount, capacity - (write &- read))
        guard count > 0, let base = source.baseAddress else { return 0 }

        let start = write & mask
        let first = min(count, capacity - start)
        (storage + start * channelCount).update(from: base, count: first * channelCount)
        storage.update(from: base + first * channelCount, count: (count - first) * channelCount)

        writeIndex.store(write &+ count, ordering: .releasing)
        return count
    }

    // MARK: Consumer side

    /// Frames the consumer can read now. Call on the consumer thread.
    public var availableToRead: Int {
        let write = writeIndex.load(ordering: .acquiring)
        let read = readIndex.load(ordering: .relaxed)
        return write &- read
    }

    /// Copies up to `frameCount` interleaved frames out of the ring into
    /// `destination`. Call on the consumer thread; real-time safe.
    ///
    /// - Returns: the frames read: `min(frameCount, availableToRead)`.
    @discardableResult
    public func read(into destination: UnsafeMutableBufferPointer<Float>, frameCount: Int) -> Int {
        precondition(frameCount >= 0 && destination.count >= frameCount * channelCount,
                     "destination holds \(destination.count) samples, not \(frameCount) frames")
        let write = writeIndex.load(ordering: .acquiring)
        let read = readIndex.load(ordering: .relaxed)
        let count = min(frameCount, write &- read)
        guard count > 0, let base = destination.baseAddress else { return 0 }

        let start = read & mask
        let first = min(count, capacity - start)
        base.update(from: storage + start * channelCount, count: first * channelCount)
        (base + first * channelCount).update(from: storage, count: (count - first) * channelCount)

        readIndex.store(read &+ count, ordering: .releasing)
        return count
    }

    // MARK: Exclusive access

    /// Empties the ring. Only for a moment when neither the producer nor the
    /// consumer is inside a call, and the next calls are ordered after this
    /// one by some other synchronisation (``StreamingDecoder`` uses its gate
    /// and thread start for that).
    package func reset() {
        writeIndex.store(0, ordering: .relaxed)
        readIndex.store(0, ordering: .relaxed)
    }
}
