/// How one audio layer's output gain is computed from a snapshot: the
/// layer's own tapered volume and pan, times the volume of every ancestor,
/// each evaluated in its own layer's local time.
///
/// This is SPEC §3's
/// `out[n][c] = in[n][c] · taper(v(tₙ)) · ancestors(tₙ) · pan_c(tₙ)`,
/// evaluated exactly on the sample path. It holds only immutable tracks, so
/// the render thread evaluates it without locks or allocation.
struct GainChain: Sendable {
    struct Stage: Sendable {
        let timing: MediaTiming
        /// The layer's `volume`, if it has one (a plain grouping layer may not).
        let volume: PropertyTrack<Double>?
        let taper: VolumeTaper
    }

    /// From the root down to the audio layer itself.
    let stages: [Stage]
    /// The audio layer's `pan`, in its local time.
    let pan: PropertyTrack<Double>?
    let limit: GainLimit

    /// Builds the chain of the layer at `index` in `snapshot`.
    init(snapshot: RenderSnapshot, index: Int, limit: GainLimit) {
        stages = snapshot.ancestry(ofLayerAt: index).map { i in
            let record = snapshot.records[i]
            let taper = (record.renderState as? AudioLayerState)?.taper ?? .linear
            return Stage(timing: record.timing, volume: record.track(forKey: "volume", as: Double.self), taper: taper)
        }
        pan = snapshot.records[index].track(forKey: "pan", as: Double.self)
        self.limit = limit
    }

    /// The left and right gains at host time `time`, clamped by the limit.
    /// Without `panned` (output that is not stereo) both are the unpanned gain.
    func gains(atHostTime time: Double, tolerance: Double, panned: Bool) -> (left: Double, right: Double) {
        var local = time, amplitude = 1.0
        for stage in stages {
            local = stage.timing.localTime(fromParent: local)
            if let volume = stage.volume {
                amplitude *= stage.taper.amplitude(volume.value(atLayerTime: local, tolerance: tolerance))
            }
        }
        var pan: (left: Double, right: Double) = (1, 1)
        if panned, let track = self.pan { pan = PanLaw.gains(pan: track.value(atLayerTime: local, tolerance: tolerance)) }
        return (limit.clamp(amplitude * pan.left), limit.clamp(amplitude * pan.right))
    }

    /// Whether the gains stay the same for host times in `start..<end`.
    func isConstant(from start: Double, to end: Double) -> Bool {
        var low = start, high = end
        for stage in stages {
            let a = stage.timing.localTime(fromParent: low), b = stage.timing.localTime(fromParent: high)
            (low, high) = (min(a, b), max(a, b))
            if let volume = stage.volume, !volume.isConstant(from: low, to: high) { return false }
        }
        return pan?.isConstant(from: low, to: high) ?? true
    }
}
