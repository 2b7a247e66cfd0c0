import Benchmark

let benchmarks: @Sendable () -> Void = {
    OfflineRenderBenchmarks.register()
}
