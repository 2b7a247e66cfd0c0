import Foundation
import Synchronization

/// Passes mix plans from the owning thread to the render thread without
/// locks, and hands them back for release, so that the render thread never
/// frees memory (docs/architecture.md#real-time-rules: the audio thread
/// never locks or allocates).
///
/// Two single-producer single-consumer rings of retained object pointers:
/// `submit` (owning thread) pushes a retained plan; `take` (render thread)
/// pops it; the render thread returns plans it no longer uses through
/// `retire`, and the owning thread releases them in `collect`. Indices are
/// atomics with acquire/release ordering; slots are plain memory written
/// before the releasing store that publishes them.
final class PlanHandoff: @unchecked Sendable {
    private let incoming: PointerRing
    private let retired: PointerRing

    init(capacity: Int = 256) {
        incoming = PointerRing(capacity: capacity)
        retired = PointerRing(capacity: capacity)
    }

    deinit {
        while let plan = incoming.pop() { Unmanaged<MixPlan>.fromOpaque(plan).release() }
        collect()
    }

    /// Owning thread: queues `plan`. Waits while the ring is full — the
    /// render thread empties it every block.
    func submit(_ plan: MixPlan) {
        let pointer = Unmanaged.passRetained(plan).toOpaque()
        while !incoming.push(pointer) {
            collect()
            usleep(100)
        }
    }

    /// Render thread: the oldest queued plan, without consuming it.
    func peek() -> MixPlan? {
        incoming.peek().map { Unmanaged<MixPlan>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Render thread: consumes the oldest queued plan; the caller now owns
    /// its retain and must eventually ``retire(_:)`` it.
    func take() -> Unmanaged<MixPlan>? {
        incoming.pop().map { Unmanaged<MixPlan>.fromOpaque($0) }
    }

    /// Render thread: gives a plan back for release. False when the return
    /// ring is full; the caller keeps the plan and tries again later.
    func retire(_ plan: Unmanaged<MixPlan>) -> Bool {
        retired.push(plan.toOpaque())
    }

    /// Owning thread: releases the plans the render thread gave back.
    func collect() {
        while let plan = retired.pop() { Unmanaged<MixPlan>.fromOpaque(plan).release() }
    }
}

/// A fixed-capacity single-producer single-consumer ring of raw pointers.
private final class PointerRing: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let mask: Int
    private let head = Atomic<Int>(0)   // next slot to read; written by the consumer
    private let tail = Atomic<Int>(0)   // next slot to write; written by the producer

    init(capacity: Int) {
        var size = 1
        while size < capacity { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: nil, count: size)
        mask = size - 1
    }

    deinit { slots.deallocate() }

    func push(_ pointer: UnsafeMutableRawPointer) -> Bool {
        let t = tail.load(ordering: .relaxed)
        guard t - head.load(ordering: .acquiring) <= mask else { return false }
        slots[t & mask] = pointer
        tail.store(t + 1, ordering: .releasing)
        return true
    }

    func peek() -> UnsafeMutableRawPointer? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        return slots[h & mask]
    }

    func pop() -> UnsafeMutableRawPointer? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        let pointer = slots[h & mask]
        head.store(h + 1, ordering: .releasing)
        return pointer
    }
}
