/// Offline rendering, a step at a time: the engine on the audio clock with
/// no device, the clock advancing by exactly the frames rendered.
///
/// A driver — SwellSndFile's `OfflineRenderer` into a file, or a test into
/// memory — calls these on one thread; each step services the engine (its
/// scheduled events, display frames and animation life cycle) far enough
/// ahead, makes the frames and moves the clock on by them.
extension AudioEngine {
    /// The most frames one step renders: an audio period on the display
    /// path, whose gain is set per period; the render core's largest block
    /// on the sample path.
    package var offlineStepFrames: Int { gainPath == .display ? periodFrames : core.maxBlock }

    /// Renders the next step, of up to `wanted` frames (at most
    /// ``offlineStepFrames``), into `samples`, interleaved; returns the
    /// frames rendered. Throws a source's decoding failure.
    package func renderOfflineStep(upTo wanted: Int, into samples: UnsafeMutablePointer<Float>) throws -> Int {
        let start = renderedFrames
        return try offlineStep(servicedThrough: horizon(renderingTo: start + Int64(wanted))) {
            let frames = core.renderableFrames(upTo: wanted)
            precondition(frames > 0, "offline render stalled at frame \(start)")
            core.render(into: samples, frames: frames)
            return frames
        }
    }

    /// Copies up to `wanted` frames as a source stores them in `layout`,
    /// when the next frames are one voice at exactly unity gain
    /// (``RenderCore/copyStoredFrames(upTo:layout:into:)``); returns the
    /// frames copied, 0 when they must be rendered.
    package func copyOfflineStep(upTo wanted: Int, layout: StoredSampleLayout,
                                 into bytes: UnsafeMutableRawPointer) throws -> Int {
        try offlineStep(servicedThrough: renderedFrames + Int64(wanted)) {
            core.copyStoredFrames(upTo: wanted, layout: layout, into: bytes)
        }
    }

    /// Services the engine through `horizon`, makes a step with `body`,
    /// which returns the frames it made, and moves the audio clock on by
    /// them. Throws a source's decoding failure.
    private func offlineStep(servicedThrough horizon: Int64, _ body: () -> Int) throws -> Int {
        let start = renderedFrames
        service(through: horizon)
        let frames = body()
        audioClock.heardFrames.store(start + Int64(frames), ordering: .releasing)
        if let failure = sourceFailure { throw failure }
        return frames
    }

    /// The frame to service the engine through before rendering up to
    /// `end`. On the display path a period is rendered only once its display
    /// frame has fired, and a frame fires for whole periods only, so a
    /// render whose length is not a whole number of periods is serviced
    /// through the end of its last, partial period.
    private func horizon(renderingTo end: Int64) -> Int64 {
        guard gainPath == .display else { return end }
        let period = Int64(periodFrames)
        return (end + period - 1) / period * period
    }
}
