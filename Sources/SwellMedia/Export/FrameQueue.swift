import Foundation
import SwellRender

/// The hand-off between the thread that renders a scene and the thread
/// that encodes it: a few frames deep, so each side works while the other
/// does, and the renderer waits rather than filling memory when the encoder
/// is slower. It also carries the first failure of either encoding thread
/// back to the renderer, a cancellation to both, and how far each encoder
/// has come, so neither runs more than a few seconds ahead of the other:
/// what libavformat holds back to interleave — the sound when the pictures
/// are slow (a large canvas), the pictures when the sound is (a small one)
/// — stays small however long the video.
///
/// `@unchecked Sendable`: every property is read and written only while
/// ``condition`` is locked.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [Frame] = []
    private let capacity: Int
    private var isClosed = false
    private var isCancelled = false
    private var failure: (any Error)?
    /// The seconds of pictures and of sound encoded so far; infinity once
    /// all are (and for sound, when there is none).
    private var picturesEncoded = 0.0
    private var soundEncoded: Double

    init(capacity: Int, hasSound: Bool) {
        self.capacity = capacity
        soundEncoded = hasSound ? 0 : .infinity
    }

    /// Waits for room and adds `frame`; throws the encoders' failure, if
    /// one failed, instead.
    func put(_ frame: Frame) throws {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity && failure == nil && !isCancelled { condition.wait() }
        if let failure { throw failure }
        guard !isCancelled else { return }
        frames.append(frame)
        condition.broadcast()
    }

    /// The next frame, waiting for one; nil once the queue is closed and
    /// empty, or cancelled.
    func take() -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !isClosed && !isCancelled { condition.wait() }
        guard !isCancelled, !frames.isEmpty else { return nil }
        let frame = frames.removeFirst()
        condition.broadcast()
        return frame
    }

    /// No more frames will come.
    func close() {
        condition.withLock { isClosed = true }
        condition.broadcast()
    }

    /// Stops both sides: the encoders drop what is left.
    func cancel() {
        condition.withLock { isCancelled = true }
        condition.broadcast()
    }

    /// Whether the export was cancelled or failed, for the sound thread to
    /// stop early.
    var shouldStop: Bool { condition.withLock { isCancelled || failure != nil } }

    /// Says the pictures are encoded through `seconds` of video.
    func picturesEncoded(through seconds: Double) {
        condition.withLock { picturesEncoded = seconds }
        condition.broadcast()
    }

    /// Says the sound is encoded through `seconds` of video.
    func soundEncoded(through seconds: Double) {
        condition.withLock { soundEncoded = seconds }
        condition.broadcast()
    }

    /// How far, in seconds of video, one encoder may run ahead of the other.
    static let maximumLead = 2.0

    /// Waits until the pictures are encoded to within ``maximumLead`` of
    /// `seconds`, where the sound is; false when the export stops first.
    func waitForPictures(near seconds: Double) -> Bool {
        wait { $0.picturesEncoded >= seconds - Self.maximumLead }
    }

    /// Waits until the sound is encoded to within ``maximumLead`` of
    /// `seconds`, where the pictures are; false when the export stops
    /// first. (The two waits cannot block each other: each waits only
    /// while its side is ahead.)
    func waitForSound(near seconds: Double) -> Bool {
        wait { $0.soundEncoded >= seconds - Self.maximumLead }
    }

    private func wait(until isReady: (FrameQueue) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isReady(self) && !isCancelled && failure == nil { condition.wait() }
        return !isCancelled && failure == nil
    }

    /// Records an encoding thread's failure (the first one is kept) and
    /// wakes the renderer to throw it.
    func fail(_ error: any Error) {
        condition.withLock { if failure == nil { failure = error } }
        condition.broadcast()
    }

    /// The first failure, if any.
    var firstFailure: (any Error)? { condition.withLock { failure } }
}
