/// How one audio layer's output gain is computed from a snapshot: the
/// layer's own tapered volume and pan, times the volume of every ancestor,
/// each evaluated in its own layer's local time.
///
/// This is the output sample of docs/audio.md#the-output-sample,
/// `out[n][c] = in[n][c] · taper(v(tₙ)) · ancestors(tₙ) · pan_c(tₙ)`,
/// evaluated exactly on the sample path. It holds only immutable tracks, so
/// the render thread evaluates it without locks or allocation.
struct GainChain: Sendable {
    /// One layer from the root down to the audio layer.
    struct Stage: Sendable {
        let timing: MediaTiming
        /// The layer's `volume`, if it is a ``SoundGroup`` (a plain
        /// grouping layer is not). Unretained: the render thread evaluates it per frame, and a
        /// retained reference would be retained and released on every call.
        let volume: Unmanaged<PropertyTrack<Double>>?
        let taper: VolumeTaper

        func amplitude(atLocalTime time: Double, tolerance: Double) -> Double {
            guard let volume else { return 1 }
            return taper.amplitude(volume._withUnsafeGuaranteedRef { $0.value(atLayerTime: time, tolerance: tolerance) })
        }
    }

    /// From the root down to the audio layer itself.
    private let stages: [Stage]
    /// The audio layer's `pan`, in its local time; unretained like the
    /// volumes.
    private let pan: Unmanaged<PropertyTrack<Double>>?
    /// Keeps the unretained tracks alive.
    private let tracks: [PropertyTrack<Double>]
    let limit: GainLimit

    /// Builds the chain of the layer at `index` in `snapshot`.
    init(snapshot: RenderSnapshot, index: Int, limit: GainLimit) {
        var tracks: [PropertyTrack<Double>] = []
        stages = snapshot.ancestry(ofLayerAt: index).map { i in
            let record = snapshot.records[i]
            let taper = record.modelValue(forKey: PropertyDeclaration.taper.key) as? VolumeTaper ?? .linear
            // Only a sound group's volume scales the sound below it.
            let volume = record.layerClass is any SoundGroup.Type
                ? record.track(forKey: PropertyDeclaration.volume.key, as: Double.self) : nil
            if let volume { tracks.append(volume) }
            return Stage(timing: record.timing, volume: volume.map { Unmanaged.passUnretained($0) }, taper: taper)
        }
        if let pan = snapshot.records[index].track(forKey: PropertyDeclaration.pan.key, as: Double.self) {
            tracks.append(pan)
            self.pan = Unmanaged.passUnretained(pan)
        } else {
            pan = nil
        }
        self.tracks = tracks
        self.limit = limit
    }

    /// The left and right gains at host time `time`, clamped by the limit.
    /// Without `panned` (output that is not stereo) both are the unpanned gain.
    func gains(atHostTime time: Double, tolerance: Double, panned: Bool) -> (left: Double, right: Double) {
        stages.withUnsafeBufferPointer { stages in
            var local = time, amplitude = 1.0
            for i in 0..<stages.count {
                local = stages[i].timing.layerTime(fromParent: local)
                amplitude *= stages[i].amplitude(atLocalTime: local, tolerance: tolerance)
            }
            return clamped(amplitude, pan: panned ? panGains(atLocalTime: local, tolerance: tolerance) : (1, 1))
        }
    }

    /// Room for one block's per-frame times, values and amplitudes. The
    /// render thread does not allocate, so its ``RenderCore`` allocates
    /// this up front, for its largest block.
    struct Scratch {
        let times: UnsafeMutablePointer<Double>
        let values: UnsafeMutablePointer<Double>
        let amplitudes: UnsafeMutablePointer<Double>

        init(capacity: Int) {
            (times, values, amplitudes) = (.allocate(capacity: capacity), .allocate(capacity: capacity),
                                           .allocate(capacity: capacity))
            for buffer in [times, values, amplitudes] { buffer.initialize(repeating: 0, count: capacity) }
        }

        func deallocate() {
            times.deallocate()
            values.deallocate()
            amplitudes.deallocate()
        }
    }

    /// The gains of `frames` frames from `first`, one per frame, into `left`
    /// and `right` — exactly ``gains(atHostTime:tolerance:panned:)`` at
    /// each frame's time `frame / sampleRate`, with the same operations in
    /// the same order.
    ///
    /// A stage whose volume does not move during the block (most ancestors;
    /// the audio layer itself before and after its ramps) and a pan that
    /// does not move are evaluated once for the block. The others are
    /// evaluated a stage at a time over the whole block
    /// (``PropertyTrack/values(atLayerTimes:count:tolerance:into:)``), with
    /// the frames' local times and running products in `scratch`.
    func render(frames: Int, from first: Int64, sampleRate: Double, tolerance: Double, panned: Bool,
                scratch: Scratch, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        stages.withUnsafeBufferPointer { stages in
            let block = scan(stages, frames: frames, from: first, sampleRate: sampleRate, tolerance: tolerance,
                             panned: panned)
            let (moving, folds, panMoves) = (block.moving, block.folds, block.panMoves)
            if let g = block.constantGains {
                left.update(repeating: g.left, count: frames)
                right.update(repeating: g.right, count: frames)
                return
            }
            let (times, values, amplitudes) = (scratch.times, scratch.values, scratch.amplitudes)
            for n in 0..<frames { times[n] = Double(first + Int64(n)) / sampleRate }
            amplitudes.update(repeating: block.steady, count: frames)
            for i in 0..<stages.count {
                let timing = stages[i].timing
                for n in 0..<frames { times[n] = timing.layerTime(fromParent: times[n]) }
                // A stage without a volume has an amplitude of 1.
                guard !folds || moving & (1 << UInt64(i)) != 0, let volume = stages[i].volume else { continue }
                volume._withUnsafeGuaranteedRef {
                    $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: values)
                }
                let taper = stages[i].taper
                for n in 0..<frames { amplitudes[n] *= taper.amplitude(values[n]) }
            }
            if panMoves, let pan {
                pan._withUnsafeGuaranteedRef {
                    $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: values)
                }
            }
            for n in 0..<frames {
                let g = clamped(amplitudes[n], pan: panMoves ? PanLaw.gains(pan: values[n]) : block.steadyPan)
                left[n] = Float(g.left)
                right[n] = Float(g.right)
            }
        }
    }

    /// The gains of `frames` frames from `first` when nothing in the chain
    /// moves during them — each is then exactly what
    /// ``render(frames:from:sampleRate:tolerance:panned:scratch:left:right:)``
    /// writes — and nil when something does.
    func constantGains(frames: Int, from first: Int64, sampleRate: Double, tolerance: Double,
                       panned: Bool) -> (left: Float, right: Float)? {
        stages.withUnsafeBufferPointer { stages in
            scan(stages, frames: frames, from: first, sampleRate: sampleRate, tolerance: tolerance, panned: panned)
                .constantGains
        }
    }

    /// What a block's first pass over the chain finds.
    private struct BlockScan {
        /// Which stages' volumes move in the block, a bit each. A chain
        /// deeper than 64 layers has no bits to spare (`folds` is false):
        /// every stage counts as moving.
        var moving: UInt64
        var folds: Bool
        /// The product of the other stages' amplitudes at the block's start.
        var steady: Double
        var panMoves: Bool
        var steadyPan: (left: Double, right: Double)
        /// The block's one gain pair, when nothing moves.
        var constantGains: (left: Float, right: Float)?
    }

    private func scan(_ stages: UnsafeBufferPointer<Stage>, frames: Int, from first: Int64, sampleRate: Double,
                      tolerance: Double, panned: Bool) -> BlockScan {
        var start = Double(first) / sampleRate, end = Double(first + Int64(frames)) / sampleRate
        var low = start, high = end
        let folds = stages.count <= 64
        var moving: UInt64 = folds ? 0 : .max, steady = 1.0
        for i in 0..<stages.count {
            let timing = stages[i].timing
            (start, end) = (timing.layerTime(fromParent: start), timing.layerTime(fromParent: end))
            (low, high) = (min(start, end), max(start, end))
            guard folds else { continue }
            let isSteady = stages[i].volume.map {
                $0._withUnsafeGuaranteedRef { $0.isConstant(from: low, to: high) }
            } ?? true
            if isSteady {
                steady *= stages[i].amplitude(atLocalTime: start, tolerance: tolerance)
            } else {
                moving |= 1 << UInt64(i)
            }
        }
        let panMoves = panned && !(pan?._withUnsafeGuaranteedRef { $0.isConstant(from: low, to: high) } ?? true)
        let steadyPan = panned && !panMoves ? panGains(atLocalTime: start, tolerance: tolerance) : (1, 1)
        var constantGains: (left: Float, right: Float)?
        if moving == 0 && !panMoves {
            let g = clamped(steady, pan: steadyPan)
            constantGains = (Float(g.left), Float(g.right))
        }
        return BlockScan(moving: moving, folds: folds, steady: steady, panMoves: panMoves, steadyPan: steadyPan,
                         constantGains: constantGains)
    }

    private func panGains(atLocalTime time: Double, tolerance: Double) -> (left: Double, right: Double) {
        guard let pan else { return (1, 1) }
        return PanLaw.gains(pan: pan._withUnsafeGuaranteedRef { $0.value(atLayerTime: time, tolerance: tolerance) })
    }

    private func clamped(_ amplitude: Double, pan: (left: Double, right: Double)) -> (left: Double, right: Double) {
        (limit.clamp(amplitude * pan.left), limit.clamp(amplitude * pan.right))
    }
}
