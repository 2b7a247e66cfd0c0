import Benchmark
import Foundation
import SwellCore

/// docs/performance.md#presentation-frame: evaluating 10,000 hosted layers
/// with two running animations each — one presentation frame — takes at
/// most 2 ms on one core.
///
/// A headless host on a manual clock hosts 10,000 sublayers of one root.
/// Each runs two animations — a `CABasicAnimation` of `opacity` with
/// `easeInEaseOut` timing and a five-key `CAKeyframeAnimation` of `position`
/// — repeating forever, so every frame finds both running.
/// One benchmark iteration is one frame: `RenderSnapshot.evaluate(atHostTime:)`
/// on the host's `latestSnapshot`, at the next 60 Hz frame time, the call a
/// renderer makes to draw the presentation tree.
enum PresentationBenchmarks {
    static let layerCount = 10_000
    static let frameInterval = 1.0 / 60

    static func register() {
        Benchmark("RenderSnapshot.evaluate, 10,000 layers × 2 running animations",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal],
                                       timeUnits: .microseconds,
                                       warmupIterations: 5,
                                       maxDuration: .seconds(5),
                                       maxIterations: 2_000)) { (benchmark: Benchmark, snapshot: RenderSnapshot) in
            var time = 0.0
            for _ in benchmark.scaledIterations {
                time += frameInterval
                blackHole(snapshot.evaluate(atHostTime: time))
            }
        } setup: { () -> RenderSnapshot in
            guard let snapshot = hostedTree().latestSnapshot else { fatalError("the host published no snapshot") }
            precondition(snapshot.records.count == layerCount + 1, "expected \(layerCount + 1) committed layers")
            precondition(snapshot.evaluate(atHostTime: 1).count == 2 * layerCount,
                         "expected two animated properties per layer")
            return snapshot
        }
    }

    /// A host of a root layer with `layerCount` animated sublayers,
    /// committed at time 0.
    static func hostedTree() -> HeadlessHost {
        let clock = ManualClock()
        let root = CALayer()
        let host = HeadlessHost(rootLayer: root, clock: clock)
        let fade = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin()
        for index in 0..<layerCount {
            let layer = CALayer()
            let x = Double(index % 100) * 10, y = Double(index / 100) * 10
            layer.position = CGPoint(x: x, y: y)
            root.addSublayer(layer)

            let opacity = CABasicAnimation(keyPath: "opacity")
            opacity.fromValue = Float(0)
            opacity.toValue = Float(1)
            opacity.duration = 2
            opacity.timingFunction = fade
            opacity.autoreverses = true
            opacity.repeatCount = .infinity
            layer.add(opacity, forKey: "fade")

            let move = CAKeyframeAnimation(keyPath: "position")
            move.values = [
                CGPoint(x: x, y: y), CGPoint(x: x + 40, y: y), CGPoint(x: x + 40, y: y + 40),
                CGPoint(x: x, y: y + 40), CGPoint(x: x, y: y),
            ]
            move.keyTimes = [0, 0.1, 0.5, 0.9, 1]
            move.duration = 3
            move.repeatCount = .infinity
            layer.add(move, forKey: "move")
        }
        CATransaction.commit()
        return host
    }
}
