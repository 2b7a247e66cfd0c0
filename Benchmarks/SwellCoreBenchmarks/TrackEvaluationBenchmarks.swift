import Benchmark
import SwellCore

/// What the audio render thread does for every frame on the sample path
/// (docs/audio.md#two-gain-paths): evaluate a committed
/// `PropertyTrack<Double>` of `volume` at the frame's time. Its cost per
/// call, times 48,000 calls a second, is the share of a core that a running
/// volume animation costs live — the largest part of the live-play CPU
/// target (< 2 % of a core) — and what bounds an offline render while a
/// fade runs.
///
/// Two tracks, each from a layer committed on a headless host: the
/// `CAKeyframeAnimation` that `swell play --ramp "0:0.1 60s:1:easeInEaseOut"`
/// builds (two keys), and a `CABasicAnimation` fade with `easeInEaseOut`.
/// Each iteration evaluates a million frame times across the animation.
enum TrackEvaluationBenchmarks {
    /// A layer with a `volume`, like SwellAudio's `AudioLayer`.
    final class VolumeLayer: CALayer {
        @Dynamic("volume") var volume: Double = 1
    }

    static let duration = 60.0

    static func register() {
        let ramp = CAKeyframeAnimation(keyPath: "volume")
        ramp.values = [0.1, 1.0]
        ramp.keyTimes = [0, 1]
        ramp.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut)]
        ramp.duration = duration
        let fade = CABasicAnimation(keyPath: "volume")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = duration
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        for (name, animation) in [("keyframe ramp", ramp as CAAnimation), ("basic fade", fade)] {
            Benchmark("PropertyTrack<Double>.value(atLayerTime:), volume \(name), per frame",
                      configuration: .init(metrics: [.wallClock, .instructions],
                                           timeUnits: .nanoseconds,
                                           warmupIterations: 1,
                                           scalingFactor: .mega,
                                           maxDuration: .seconds(3),
                                           maxIterations: 20)) { (benchmark: Benchmark, track: PropertyTrack<Double>) in
                let step = duration / Double(benchmark.scaledIterations.count)
                var sum = 0.0
                for index in benchmark.scaledIterations {
                    sum += track.value(atLayerTime: Double(index) * step)
                }
                blackHole(sum)
            } setup: { () -> PropertyTrack<Double> in
                let layer = VolumeLayer()
                let host = HeadlessHost(rootLayer: layer)
                CATransaction.begin()
                layer.add(animation, forKey: "volume")
                CATransaction.commit()
                guard let track = host.latestSnapshot?.records.first?.track(forKey: "volume", as: Double.self),
                      track.isAnimated else { fatalError("the volume animation was not committed") }
                return track
            }
        }
    }
}
