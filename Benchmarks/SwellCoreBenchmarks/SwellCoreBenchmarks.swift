import Benchmark

let benchmarks: @Sendable () -> Void = {
    PresentationBenchmarks.register()
    TimingFunctionBenchmarks.register()
    TrackEvaluationBenchmarks.register()
}
