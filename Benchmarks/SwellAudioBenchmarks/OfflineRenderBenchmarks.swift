import Benchmark
import Foundation
import SwellSndFile

/// docs/performance.md#gain-kernel: the per-sample gain kernel mixes at
/// least 500 M samples per second on one core.
///
/// `GainKernel` is internal to SwellAudio; the only public path that runs it
/// is an ``AudioEngine`` rendered by ``OfflineRenderer``, which also decodes
/// the source and encodes the output with libsndfile. These benchmarks
/// measure that whole path on one thread, for one minute of stereo 48 kHz
/// audio in memory (`/dev/shm`), and report its rate in samples
/// (frames × channels) per second — a lower bound for the kernel alone,
/// whose share `perf record` gives (see README.md):
///
/// - float in, float out, constant volume 0.5: the kernel with the
///   cheapest decoding and encoding libsndfile has (a copy);
/// - the same with a volume animation running for the whole minute: the
///   sample path evaluates the committed animation at every frame;
/// - 16-bit in, 16-bit out, constant volume 0.5: the formats of the
///   `render-vs-peers.sh` comparison, through the kernel;
/// - the same at unity volume, which does not reach the kernel: the
///   renderer copies the file's 16-bit words as they are stored.
enum OfflineRenderBenchmarks {
    static let samplesPerSecond = BenchmarkMetric.custom("M samples/s", polarity: .prefersLarger, useScalingFactor: false)

    static func register() {
        scenario("float → float, constant volume", encoding: .float, volume: 0.5, animated: false)
        scenario("float → float, volume animation running", encoding: .float, volume: 0.5, animated: true)
        scenario("pcm16 → pcm16, constant volume", encoding: .pcm16, volume: 0.5, animated: false)
        scenario("pcm16 → pcm16, unity volume (copied as stored)", encoding: .pcm16, volume: 1, animated: false)
    }

    static func scenario(_ name: String, encoding: SampleEncoding, volume: Double, animated: Bool) {
        Benchmark("OfflineRenderer, 60 s stereo 48 kHz, \(name)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, samplesPerSecond, .peakMemoryResident],
                                       timeUnits: .milliseconds,
                                       warmupIterations: 1,
                                       maxDuration: .seconds(10),
                                       maxIterations: 30)) { benchmark, input in
            let engine = AudioEngine(sampleRate: TestFiles.sampleRate, channelCount: TestFiles.channelCount, mode: .offline)
            let layer = try AudioLayer(contentsOfFile: input)
            engine.rootLayer = layer
            CATransaction.setDisableActions(true)
            layer.volume = volume
            if animated {
                let ramp = CABasicAnimation(keyPath: "volume")
                ramp.fromValue = 0.25
                ramp.toValue = 1.0
                ramp.duration = layer.source!.duration
                ramp.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                layer.add(ramp, forKey: "ramp")
            }
            CATransaction.flush()
            let frames = layer.source!.frameCount
            let writer = try SoundFileWriter(path: TestFiles.output("out-\(encoding).wav"),
                                             sampleRate: engine.sampleRate, channelCount: engine.channelCount,
                                             encoding: encoding, overwrite: true)
            let start = ContinuousClock.now
            benchmark.startMeasurement()
            try OfflineRenderer.render(engine, frameCount: frames, to: writer)
            try writer.commit()
            benchmark.stopMeasurement()
            let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
            let samples = Double(frames) * Double(engine.channelCount)
            benchmark.measurement(samplesPerSecond, Int((samples / elapsed * 1e3).rounded()))
            precondition(writer.frameCount == frames, "rendered \(writer.frameCount) of \(frames) frames")
        } setup: {
            try TestFiles.sine(encoding)
        }
    }
}
