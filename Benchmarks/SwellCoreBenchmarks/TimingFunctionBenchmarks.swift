import Benchmark
import SwellCore

/// docs/performance.md#timing-function-evaluation: one
/// `CAMediaTimingFunction.value(at:)` evaluation takes at most 50 ns. The
/// audio render thread makes this call for every frame of a running fade,
/// and every animated layer makes it once per display frame.
///
/// Each iteration evaluates a million points sweeping 0…1 (so no result can
/// be reused), and the scaling factor reports the time per evaluation. The
/// Bézier presets (Newton inversion of x(t)) and one SoX/FFmpeg fade shape
/// (a closed formula) are measured apart.
enum TimingFunctionBenchmarks {
    static func register() {
        let functions: [(String, CAMediaTimingFunction)] = [
            ("easeInEaseOut", CAMediaTimingFunction(name: .easeInEaseOut)),
            ("easeIn", CAMediaTimingFunction(name: .easeIn)),
            ("bezier(0.5,0,0.9,0.7)", CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9, 0.7)),
            ("qsin", CAMediaTimingFunction(name: .qsin)),
        ]
        for (name, function) in functions {
            Benchmark("CAMediaTimingFunction.value(at:), \(name)",
                      configuration: .init(metrics: [.wallClock, .instructions],
                                           timeUnits: .nanoseconds,
                                           warmupIterations: 2,
                                           scalingFactor: .mega,
                                           maxDuration: .seconds(3),
                                           maxIterations: 50)) { benchmark in
                let step = 1.0 / Double(benchmark.scaledIterations.count - 1)
                var sum = 0.0
                for index in benchmark.scaledIterations {
                    sum += function.value(at: Double(index) * step)
                }
                blackHole(sum)
            }
        }
    }
}
