import Foundation

/// Passes mix plans from the owning thread to the render thread without
/// locks, and hands them back for release, so that the render thread never
/// frees memory (docs/architecture.md#real-time-rules: the audio thread
/// never locks or allocates).
///
/// Two ``SPSCRing``s of unmanaged plans: `submit` (owning thread) pushes a
/// retained plan; `take` (render thread) pops it; the render thread returns
/// plans it no longer uses through `retire`, and the owning thread releases
/// them in `collect`.
final class PlanHandoff: @unchecked Sendable {
    private let incoming: SPSCRing<Unmanaged<MixPlan>>
    private let retired: SPSCRing<Unmanaged<MixPlan>>

    init(capacity: Int = 256) {
        incoming = SPSCRing(minimumCapacity: capacity)
        retired = SPSCRing(minimumCapacity: capacity)
    }

    deinit {
        while let plan = incoming.pop() { plan.release() }
        collect()
    }

    /// Owning thread: queues `plan`. Waits while the ring is full — the
    /// render thread empties it every block.
    func submit(_ plan: MixPlan) {
        let retained = Unmanaged.passRetained(plan)
        while !incoming.push(retained) {
            collect()
            usleep(100)
        }
    }

    /// Render thread: the oldest queued plan, without consuming it.
    func peek() -> MixPlan? {
        incoming.peek()?.takeUnretainedValue()
    }

    /// Render thread: consumes the oldest queued plan; the caller now owns
    /// its retain and must eventually ``retire(_:)`` it.
    func take() -> Unmanaged<MixPlan>? {
        incoming.pop()
    }

    /// Render thread: gives a plan back for release. False when the return
    /// ring is full; the caller keeps the plan and tries again later.
    func retire(_ plan: Unmanaged<MixPlan>) -> Bool {
        retired.push(plan)
    }

    /// Owning thread: releases the plans the render thread gave back.
    func collect() {
        while let plan = retired.pop() { plan.release() }
    }
}
