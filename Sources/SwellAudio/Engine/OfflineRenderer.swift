/// Renders an engine's tree to a sound file, as fast as the machine allows.
///
/// The same engine as live playback — plans, events, display frames, the
/// render core — on the audio clock with no device: the clock advances by
/// exactly the frames written. One thread does everything, in blocks of up
/// to 4096 frames (one audio period on the display path, whose gain is set
/// per period).
public enum OfflineRenderer {
    /// Renders `frameCount` frames of `engine` into `writer`. Calls
    /// `progress` with the frames written after each block; an error it
    /// throws stops the render. Throws the writer's errors, or a source's
    /// decoding failure.
    public static func render(_ engine: AudioEngine, frameCount: Int64, to writer: SoundFileWriter,
                              progress: (Int64) throws -> Void = { _ in }) throws {
        let block = engine.gainPath == .display ? engine.periodFrames : engine.core.maxBlock
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: block * engine.channelCount)
        defer { buffer.deallocate() }
        while engine.renderedFrames < frameCount {
            let start = engine.renderedFrames
            let wanted = Int(min(Int64(block), frameCount - start))
            engine.service(through: horizon(of: engine, renderingTo: start + Int64(wanted)))
            let frames = engine.core.renderableFrames(upTo: wanted)
            precondition(frames > 0, "offline render stalled at frame \(start)")
            engine.core.render(into: buffer, frames: frames)
            engine.audioClock.heardFrames.store(start + Int64(frames), ordering: .releasing)
            if let failure = engine.sourceFailure { throw failure }
            try writer.writeFrames(from: UnsafeBufferPointer(start: buffer, count: frames * engine.channelCount),
                                   count: frames)
            try progress(engine.renderedFrames)
        }
        engine.service(through: frameCount)
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
