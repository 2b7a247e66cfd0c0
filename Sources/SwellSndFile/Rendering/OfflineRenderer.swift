/// Renders an engine's tree to a sound file, as fast as the machine allows.
///
/// The same engine as live playback — plans, events, display frames, the
/// render core — on the audio clock with no device: the clock advances by
/// exactly the frames rendered. The rendering thread fills blocks in steps
/// of up to 4096 frames (one audio period on the display path, whose gain is
/// set per period) while a ``BackgroundWriter`` quantises and writes the
/// previous blocks.
///
/// Where the output is one file at exactly unity gain — a song between its
/// fades — and the output stores samples as that file does, a block is
/// copied as stored instead of rendered
/// (``RenderCore/copyStoredFrames(upTo:layout:into:)``): the same bytes,
/// without decoding, scaling by 1 and quantising back.
public enum OfflineRenderer {
    /// Renders `frameCount` frames of `engine` into `writer`. Calls
    /// `progress` with the frames rendered after each block; an error it
    /// throws stops the render. Throws the writer's errors, or a source's
    /// decoding failure.
    ///
    /// - Returns: how many of the frames were copied as stored.
    @discardableResult
    public static func render(_ engine: AudioEngine, frameCount: Int64, to writer: SoundFileWriter,
                              progress: (Int64) throws -> Void = { _ in }) throws -> Int64 {
        let step = engine.gainPath == .display ? engine.periodFrames : engine.core.maxBlock
        let background = BackgroundWriter(writer: writer, channelCount: engine.channelCount)
        let layout = engine.gainPath == .sample ? writer.storedLayout : nil
        var copiedFrames: Int64 = 0
        do {
            while engine.renderedFrames < frameCount {
                let (index, block) = background.nextBlock()
                let copied = try layout.map {
                    try copyStep(engine, layout: $0, into: block, byteCount: background.blockBytes, endingBy: frameCount)
                } ?? 0
                if copied > 0 {
                    background.submit(block: index, frames: copied, isStored: true)
                    copiedFrames += Int64(copied)
                } else {
                    var filled = 0
                    while filled + step <= background.blockFrames && engine.renderedFrames < frameCount {
                        filled += try renderStep(engine, upTo: min(step, Int(frameCount - engine.renderedFrames)),
                                                 into: block + filled * engine.channelCount)
                    }
                    background.submit(block: index, frames: filled)
                }
                if let error = background.error { throw error }
                try progress(engine.renderedFrames)
            }
        } catch {
            try? background.finish()
            throw error
        }
        try background.finish()
        engine.service(through: frameCount)
        return copiedFrames
    }

    /// Makes a stored copy — as many frames as `byteCount` bytes hold, not
    /// past frame `end` — if it can; returns the frames copied.
    private static func copyStep(_ engine: AudioEngine, layout: StoredSampleLayout, into bytes: UnsafeMutableRawPointer,
                                 byteCount: Int, endingBy end: Int64) throws -> Int {
        let wanted = Int(min(Int64(byteCount / (layout.bytesPerSample * engine.channelCount)), end - engine.renderedFrames))
        return try step(engine, servicedThrough: engine.renderedFrames + Int64(wanted)) {
            engine.core.copyStoredFrames(upTo: wanted, layout: layout, into: bytes)
        }
    }

    /// Renders the next step, of up to `wanted` frames.
    private static func renderStep(_ engine: AudioEngine, upTo wanted: Int, into samples: UnsafeMutablePointer<Float>) throws -> Int {
        let start = engine.renderedFrames
        return try step(engine, servicedThrough: horizon(of: engine, renderingTo: start + Int64(wanted))) {
            let frames = engine.core.renderableFrames(upTo: wanted)
            precondition(frames > 0, "offline render stalled at frame \(start)")
            engine.core.render(into: samples, frames: frames)
            return frames
        }
    }

    /// Services the engine through `horizon`, makes a step with `body`,
    /// which returns the frames it made, and moves the audio clock on by
    /// them. Throws a source's decoding failure.
    private static func step(_ engine: AudioEngine, servicedThrough horizon: Int64, _ body: () -> Int) throws -> Int {
        let start = engine.renderedFrames
        engine.service(through: horizon)
        let frames = body()
        engine.audioClock.heardFrames.store(start + Int64(frames), ordering: .releasing)
        if let failure = engine.sourceFailure { throw failure }
        return frames
    }

    /// The frame to service the engine through before rendering up to
    /// `end`. On the display path a period is rendered only once its display
    /// frame has fired, and a frame fires for whole periods only, so a
    /// render whose length is not a whole number of periods is serviced
    /// through the end of its last, partial period.
    private static func horizon(of engine: AudioEngine, renderingTo end: Int64) -> Int64 {
        guard engine.gainPath == .display else { return end }
        let period = Int64(engine.periodFrames)
        return (end + period - 1) / period * period
    }
}
