import Synchronization

/// A lock-free, wait-free ring between exactly one producer thread and
/// exactly one consumer thread, of `Element`s moved in slots of
/// ``slotWidth`` elements each: one for a queue of values (the mix plans of
/// ``PlanHandoff``), the channel count for interleaved audio frames (the
/// samples a streaming decoder hands the render thread).
///
/// The design is the classic Lamport queue with C11 orderings, as in
/// `jack_ringbuffer_t` and Boost.Lockfree's `spsc_queue`:
///
/// - Two monotonically increasing slot counters, `writeIndex` (stored only
///   by the producer) and `readIndex` (stored only by the consumer). The
///   position of slot `i` is `i & (capacity − 1)`, which is why the capacity
///   is a power of two, and `write − read` is the fill level, so a full ring
///   and an empty one are never confused. 64-bit counters do not wrap in
///   practice (2^63 frames is three million years at 96 kHz), and the
///   arithmetic wraps anyway.
/// - The producer copies elements in, then publishes the new write index
///   with a *release* store; the consumer loads it with *acquire*, so the
///   elements are visible before the index that announces them.
///   Symmetrically, the consumer's release store of the read index,
///   acquired by the producer, guarantees the consumer has finished copying
///   a slot out before the producer overwrites it.
/// - Each call is a bounded number of steps — two atomic loads, at most two
///   `memcpy`-like copies, one atomic store — with no retry loop, so both
///   sides are wait-free, and nothing allocates after `init`. That makes
///   every call safe on an audio render thread
///   (docs/architecture.md#real-time-rules).
///
/// The calls are `@inlinable`, so a module using the ring gets code
/// specialised for its element type: a copy is a `memcpy` of a known
/// stride, with no generic metadata consulted per element.
///
/// The single-producer / single-consumer contract is the caller's to keep:
/// ``write(from:count:)``, ``push(_:)`` and ``availableToWrite`` on one
/// thread; ``read(into:count:)``, ``peek()``, ``pop()`` and
/// ``availableToRead`` on one (other) thread. Under that contract the
/// unsynchronised element storage is race-free, which is what the
/// `@unchecked Sendable` conformance asserts.
package final class SPSCRing<Element: BitwiseCopyable> {
    /// The number of slots the ring holds, a power of two.
    package let capacity: Int
    /// Elements per slot.
    package let slotWidth: Int

    @usableFromInline let mask: Int
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    /// Slots ever written; stored by the producer only.
    @usableFromInline let writeIndex = Atomic<Int>(0)
    /// Slots ever read; stored by the consumer only.
    @usableFromInline let readIndex = Atomic<Int>(0)

    /// Creates an empty ring of at least `minimumCapacity` slots (rounded up
    /// to a power of two) of `slotWidth` elements each.
    package init(minimumCapacity: Int, slotWidth: Int = 1) {
        precondition((1...(1 << 40)).contains(minimumCapacity), "ring capacity \(minimumCapacity) is out of range")
        precondition(slotWidth > 0, "slot width must be positive, not \(slotWidth)")
        let capacity = minimumCapacity <= 1 ? 1 : 1 << (Int.bitWidth - (minimumCapacity - 1).leadingZeroBitCount)
        self.capacity = capacity
        self.slotWidth = slotWidth
        mask = capacity - 1
        // Zeroed here, so that every page of the ring is mapped before the
        // threads start rather than on the producer's first pass.
        let count = capacity * slotWidth
        let bytes = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Element>.stride, alignment: MemoryLayout<Element>.alignment)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: count * MemoryLayout<Element>.stride)
        storage = bytes.bindMemory(to: Element.self, capacity: count)
    }

    deinit {
        storage.deallocate()
    }

    // MARK: Producer side

    /// Slots the producer can write now. Call on the producer thread.
    @inlinable
    package var availableToWrite: Int {
        let read = readIndex.load(ordering: .acquiring)
        let write = writeIndex.load(ordering: .relaxed)
        return capacity - (write &- read)
    }

    /// Copies up to `count` slots (`count × slotWidth` elements) from
    /// `source` into the ring. Call on the producer thread.
    ///
    /// - Returns: the slots written: `min(count, availableToWrite)`.
    @inlinable @discardableResult
    package func write(from source: UnsafeBufferPointer<Element>, count: Int) -> Int {
        checkBuffer(holding: source.count, for: count)
        let write = writeIndex.load(ordering: .relaxed)
        let count = min(count, availableToWrite)
        guard count > 0, let base = source.baseAddress else { return 0 }

        forEachRun(of: count, from: write) { ring, offset, elements in
            ring.update(from: base + offset, count: elements)
        }

        writeIndex.store(write &+ count, ordering: .releasing)
        return count
    }

    /// Appends one element to a ring of one-element slots. Call on the
    /// producer thread.
    ///
    /// - Returns: false, writing nothing, when the ring is full.
    @inlinable
    package func push(_ element: Element) -> Bool {
        precondition(slotWidth == 1, "push moves one element; this ring's slots hold \(slotWidth)")
        let read = readIndex.load(ordering: .acquiring)
        let write = writeIndex.load(ordering: .relaxed)
        guard write &- read < capacity else { return false }
        storage[write & mask] = element
        writeIndex.store(write &+ 1, ordering: .releasing)
        return true
    }

    // MARK: Consumer side

    /// Slots the consumer can read now. Call on the consumer thread.
    @inlinable
    package var availableToRead: Int {
        let write = writeIndex.load(ordering: .acquiring)
        let read = readIndex.load(ordering: .relaxed)
        return write &- read
    }

    /// Copies up to `count` slots (`count × slotWidth` elements) out of the
    /// ring into `destination`. Call on the consumer thread.
    ///
    /// - Returns: the slots read: `min(count, availableToRead)`.
    @inlinable @discardableResult
    package func read(into destination: UnsafeMutableBufferPointer<Element>, count: Int) -> Int {
        checkBuffer(holding: destination.count, for: count)
        let read = readIndex.load(ordering: .relaxed)
        let count = min(count, availableToRead)
        guard count > 0, let base = destination.baseAddress else { return 0 }

        forEachRun(of: count, from: read) { ring, offset, elements in
            (base + offset).update(from: ring, count: elements)
        }

        readIndex.store(read &+ count, ordering: .releasing)
        return count
    }

    /// The oldest element of a ring of one-element slots, left in the ring;
    /// nil when it is empty. Call on the consumer thread.
    @inlinable
    package func peek() -> Element? {
        precondition(slotWidth == 1, "peek reads one element; this ring's slots hold \(slotWidth)")
        let read = readIndex.load(ordering: .relaxed)
        guard writeIndex.load(ordering: .acquiring) != read else { return nil }
        return storage[read & mask]
    }

    /// Removes and returns the oldest element of a ring of one-element
    /// slots; nil when it is empty. Call on the consumer thread.
    @inlinable
    package func pop() -> Element? {
        precondition(slotWidth == 1, "pop reads one element; this ring's slots hold \(slotWidth)")
        let read = readIndex.load(ordering: .relaxed)
        guard writeIndex.load(ordering: .acquiring) != read else { return nil }
        let element = storage[read & mask]
        readIndex.store(read &+ 1, ordering: .releasing)
        return element
    }

    // MARK: Exclusive access

    /// Empties the ring. Only for a moment when neither the producer nor the
    /// consumer is inside a call, and the next calls are ordered after this
    /// one by some other synchronisation (a streaming decoder uses its gate
    /// and thread start for that).
    package func reset() {
        writeIndex.store(0, ordering: .relaxed)
        readIndex.store(0, ordering: .relaxed)
    }
}

extension SPSCRing {
    /// Traps unless a caller's buffer of `elements` elements has room for
    /// `count` slots.
    @inlinable @inline(__always)
    func checkBuffer(holding elements: Int, for count: Int) {
        precondition(count >= 0 && elements >= count * slotWidth,
                     "the buffer holds \(elements) elements, not \(count) slots of \(slotWidth)")
    }

    /// Calls `body` for the storage of `count` slots from slot index
    /// `index`: once, or twice where the slots wrap past the end of the
    /// storage, with the run's elements, its offset in elements from the
    /// first slot, and its length in elements.
    @inlinable @inline(__always)
    func forEachRun(of count: Int, from index: Int,
                    _ body: (_ ring: UnsafeMutablePointer<Element>, _ offset: Int, _ elements: Int) -> Void) {
        let start = index & mask
        let first = min(count, capacity - start)
        body(storage + start * slotWidth, 0, first * slotWidth)
        body(storage, first * slotWidth, (count - first) * slotWidth)
    }
}

extension SPSCRing: @unchecked Sendable where Element: Sendable {}
