import Foundation
@testable import SwellCore

/// A layer hosted on a manual clock, committed: the harness of the
/// subclass tests.
struct LayerStage<Layer: CALayer> {
    let clock = ManualClock()
    let host: HeadlessHost
    let layer: Layer

    init(_ layer: Layer) {
        self.layer = layer
        host = HeadlessHost(clock: clock)
        host.rootLayer = layer
        CATransaction.flush()
    }

    /// The presented value of `key` at `time`.
    func presented<Value>(_ key: String, at time: Double, as type: Value.Type = Value.self) -> Value? {
        clock.set(time)
        return layer.presentation()?.value(forKey: key) as? Value
    }

    /// The layer's record in the latest snapshot, after committing.
    func record() -> LayerRecord {
        CATransaction.flush()
        let snapshot = host.latestSnapshot!
        return snapshot.records[snapshot.index(ofSerial: layer.serial)!]
    }
}

/// `x` is within `tolerance` of `y`.
func close(_ x: CGFloat, _ y: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(x - y) <= tolerance
}
