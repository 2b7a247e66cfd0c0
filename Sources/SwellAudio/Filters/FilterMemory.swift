/// The Direct Form I memory of a ``FilterChain``'s sections for one voice:
/// the last two inputs and outputs of each section on each channel.
///
/// Made on the owning thread when a layer first has filters, and handed
/// from plan to plan while the layer's chain keeps its shape, so that a
/// commit — a sweep's next step, a volume change — does not reset the
/// filters and click. Only the render thread reads or writes the numbers.
final class FilterMemory: @unchecked Sendable {
    let shape: [FilterChain.Shape]
    let channels: Int
    private let storage: UnsafeMutablePointer<Double>
    private let count: Int

    init(shape: [FilterChain.Shape], channels: Int) {
        self.shape = shape
        self.channels = channels
        count = shape.count * channels * 4
        storage = .allocate(capacity: Swift.max(count, 1))
        storage.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    deinit {
        storage.deallocate()
    }

    /// The `[x1, x2, y1, y2]` of each channel of section `section`, one
    /// after another.
    func state(ofSection section: Int) -> UnsafeMutablePointer<Double> {
        storage + section * channels * 4
    }

    /// Sets to 0 what has decayed below −400 dB, so that the sections do
    /// not run on subnormal numbers after the sound stops.
    func flushDenormals() {
        for i in 0..<count where Swift.abs(storage[i]) < 1e-20 { storage[i] = 0 }
    }
}
