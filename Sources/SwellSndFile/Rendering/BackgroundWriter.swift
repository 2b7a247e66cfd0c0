import Foundation

/// Writes rendered blocks to a ``SoundFileWriter`` on a second thread, so
/// that quantising and writing one block overlaps rendering the next: an
/// offline render then takes about as long as its slower half instead of
/// the sum of both.
///
/// A fixed pool of blocks circulates between the rendering thread, which
/// fills a free block and queues it, and the writing thread, which writes a
/// queued block and frees it. Offline rendering is not real-time, so plain
/// semaphores and a mutex hand the blocks over.
final class BackgroundWriter: @unchecked Sendable {
    /// Frames per block of `Float` samples.
    let blockFrames: Int
    /// Bytes per block: a block may hold stored frames instead
    /// (``StoredSampleLayout``), as many as fit.
    var blockBytes: Int { blockFrames * channelCount * MemoryLayout<Float>.size }
    private let channelCount: Int
    private let blocks: [UnsafeMutablePointer<Float>]
    private let queue = Locked<(filled: [(block: Int, frames: Int, isStored: Bool)], free: [Int])>(([], []))
    private let filledCount = DispatchSemaphore(value: 0)
    private let freeCount: DispatchSemaphore
    private let failure = Locked<(any Error)?>(nil)
    private let writer: SoundFileWriter
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(writer: SoundFileWriter, channelCount: Int, blockFrames: Int = 32_768, blockCount: Int = 4) {
        self.writer = writer
        self.channelCount = channelCount
        self.blockFrames = blockFrames
        blocks = (0..<blockCount).map { _ in .allocate(capacity: blockFrames * channelCount) }
        // Counted up from zero rather than created at `blockCount`: libdispatch
        // traps when a semaphore is destroyed below its initial value, which
        // is the case when a render fails with a block taken.
        freeCount = DispatchSemaphore(value: 0)
        for _ in 0..<blockCount { freeCount.signal() }
        queue.withLock { $0.free = Array(0..<blockCount) }
        let thread = Thread { [self] in writeLoop() }
        thread.name = "swell writer"
        self.thread = thread
        thread.start()
    }

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// The first error the writing thread met, if any.
    var error: (any Error)? { failure.withLock { $0 } }

    /// A free block to render into; waits while every block is queued.
    func nextBlock() -> (index: Int, samples: UnsafeMutablePointer<Float>) {
        freeCount.wait()
        let index = queue.withLock { $0.free.removeLast() }
        return (index, blocks[index])
    }

    /// Queues `frames` frames of block `index` for writing: samples, or
    /// frames in the writer's ``SoundFileWriter/storedLayout`` when
    /// `isStored`.
    func submit(block index: Int, frames: Int, isStored: Bool = false) {
        queue.withLock { $0.filled.append((index, frames, isStored)) }
        filledCount.signal()
    }

    /// Writes what is queued and stops the thread; throws its first error.
    func finish() throws {
        queue.withLock { $0.filled.append((-1, 0, false)) }
        filledCount.signal()
        finished.wait()
        thread = nil
        if let error { throw error }
    }

    private func writeLoop() {
        while true {
            filledCount.wait()
            let (index, frames, isStored) = queue.withLock { $0.filled.removeFirst() }
            if index < 0 { break }
            if error == nil {
                do {
                    if isStored {
                        try writer.writeStoredFrames(from: blocks[index], count: frames)
                    } else {
                        try writer.writeFrames(from: UnsafeBufferPointer(start: blocks[index], count: frames * channelCount),
                                               count: frames)
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
            queue.withLock { $0.free.append(index) }
            freeCount.signal()
        }
        finished.signal()
    }
}
