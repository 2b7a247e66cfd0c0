import Foundation

/// How fast one audio layer reads its file at each frame of the mix: its
/// presented `rate`, in its local time, times how fast that local time
/// runs — the product of the layer's and its ancestors' `speed`s
/// (docs/rate.md). The file position is the sum of these ratios over the
/// frames, ∫ rate over the layer's local time, so that `speed` and `rate`
/// are one mechanism and `speed` 0 still holds the file.
///
/// Holds only immutable tracks, so the render thread evaluates it without
/// locks or allocation.
struct RateChain: Sendable {
    /// From the root down to the audio layer.
    private let timings: [MediaTiming]
    /// The layer's `rate`, unretained, as ``GainChain`` keeps its volumes.
    private let rate: Unmanaged<PropertyTrack<Double>>
    private let track: PropertyTrack<Double>
    /// How fast the layer's local time runs per second of the mix.
    let speed: Double

    /// The chain of the layer at `index` in `snapshot`.
    init(snapshot: RenderSnapshot, index: Int) {
        timings = snapshot.ancestry(ofLayerAt: index).map { snapshot.records[$0].timing }
        track = snapshot.records[index].track(forKey: PropertyDeclaration.rate.key, as: Double.self)
            ?? PropertyTrack(key: PropertyDeclaration.rate.key, constant: 1)
        rate = .passUnretained(track)
        speed = snapshot.timeRate(ofLayerAt: index)
    }

    /// How a voice reads the file for as long as this plan lasts.
    enum Reading: Equatable {
        /// Frame for frame: `rate` is 1 and never animated, and the layer's
        /// time runs at 1 (or stands still).
        case direct
        /// Through a resampler from `inputRate` to the mix's rate: `rate`
        /// holds at `inputRate` / the mix's rate, never animated, and the
        /// layer's time runs at 1 — SoX's `speed`, which plays the file as
        /// if recorded at another rate.
        case resampled(inputRate: Int)
        /// Through the varispeed reader: anything else.
        case varispeed
    }

    /// How the layer's file is read at `sampleRate`.
    func reading(atSampleRate sampleRate: Int) -> Reading {
        guard speed == 1 || speed == 0, track.isConstant(from: -.infinity, to: .infinity) else { return .varispeed }
        if track.model == 1 { return .direct }
        let rate = track.model * Double(sampleRate)
        guard VarispeedReader.ratios.contains(track.model), rate == rate.rounded(), let inputRate = Int(exactly: rate)
        else { return .varispeed }
        return .resampled(inputRate: inputRate)
    }

    /// The ratios of `frames` frames from mix frame `first`: file frames
    /// per output frame, each evaluated at the middle of its frame, so that
    /// their sum is the midpoint rule's ∫ rate. Never negative: a layer
    /// whose time runs backwards plays forwards.
    func ratios(frames: Int, from first: Int64, sampleRate: Double, tolerance: Double,
                times: UnsafeMutablePointer<Double>, into ratios: UnsafeMutablePointer<Double>) {
        timings.withUnsafeBufferPointer { timings in
            var (low, high) = (Double(first) / sampleRate, Double(first + Int64(frames)) / sampleRate)
            for t in timings { (low, high) = (t.layerTime(fromParent: low), t.layerTime(fromParent: high)) }
            let scale = Swift.abs(speed)
            let held = rate._withUnsafeGuaranteedRef { $0.isConstant(from: Swift.min(low, high), to: Swift.max(low, high)) }
            if held {
                let value = rate._withUnsafeGuaranteedRef { $0.value(atLayerTime: low, tolerance: tolerance) }
                ratios.update(repeating: Swift.max(0, value) * scale, count: frames)
                return
            }
            for n in 0..<frames {
                var t = (Double(first + Int64(n)) + 0.5) / sampleRate
                for d in 0..<timings.count { t = timings[d].layerTime(fromParent: t) }
                times[n] = t
            }
            rate._withUnsafeGuaranteedRef {
                $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: ratios)
            }
            for n in 0..<frames { ratios[n] = Swift.max(0, ratios[n]) * scale }
        }
    }

    /// The ratios of `count` frames of the layer's local time from local
    /// frame `first`: its rate at each, for a reader catching up to where
    /// the layer is.
    func ratios(fromLocalFrame first: Int64, count: Int, sampleRate: Double, tolerance: Double,
                times: UnsafeMutablePointer<Double>, into ratios: UnsafeMutablePointer<Double>) {
        for n in 0..<count { times[n] = (Double(first + Int64(n)) + 0.5) / sampleRate }
        rate._withUnsafeGuaranteedRef {
            $0.values(atLayerTimes: times, count: count, tolerance: tolerance, into: ratios)
        }
        for n in 0..<count { ratios[n] = Swift.max(0, ratios[n]) }
    }

    /// The ratios of the first frames a varispeed reader plays from local
    /// frame `first`: ``VarispeedReader/lookahead`` + 1 of them, at the
    /// layer's speed (or its own, while its time stands still).
    func leadingRatios(fromLocalFrame first: Int64, sampleRate: Double, tolerance: Double) -> [Double] {
        let scale = speed == 0 ? 1 : Swift.abs(speed)
        return (0...VarispeedReader.lookahead).map { k in
            let time = (Double(first) + (Double(k) + 0.5) * scale) / sampleRate
            return Swift.max(0, track.value(atLayerTime: time, tolerance: tolerance)) * scale
        }
    }

    /// Where in its file, in seconds, the layer is at local time `time`:
    /// ∫₀ᵗ rate, with the layer's rate as it is now — where a layer that
    /// starts, or is moved in time (a seek), begins to play. Exact while
    /// the rate holds still; across animations, the trapezoid rule on
    /// 1 ms steps.
    func filePosition(atLocalTime time: Double, tolerance: Double) -> Double {
        guard time > 0 else { return time }
        if track.isConstant(from: 0, to: time) { return track.value(atLayerTime: 0, tolerance: tolerance) * time }
        let steps = Int((time * 1000).rounded(.up))
        let h = time / Double(steps)
        var sum = 0.0, previous = Swift.max(0, track.value(atLayerTime: 0, tolerance: tolerance))
        for k in 1...steps {
            let next = Swift.max(0, track.value(atLayerTime: Double(k) * h, tolerance: tolerance))
            sum += (previous + next) / 2 * h
            previous = next
        }
        return sum
    }
}
