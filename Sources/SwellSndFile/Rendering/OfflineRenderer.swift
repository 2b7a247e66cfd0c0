/// Renders an engine's tree to a sound file, as fast as the machine allows.
///
/// The same engine as live playback — plans, events, display frames, the
/// render core — on the audio clock with no device, a step at a time
/// (`AudioEngine.renderOfflineStep(upTo:into:)`). The rendering thread
/// fills blocks in steps of up to 4096 frames (one audio period on the
/// display path, whose gain is set per period) while a ``BackgroundWriter``
/// quantises and writes the previous blocks.
///
/// Where the output is one file at exactly unity gain — a song between its
/// fades — and the output stores samples as that file does, a block is
/// copied as stored instead of rendered
/// (`AudioEngine.copyOfflineStep(upTo:layout:into:)`): the same bytes,
/// without decoding, scaling by 1 and quantising back.
public enum OfflineRenderer {
    /// The length of a render that runs until its sources end: an input
    /// whose length is unknown, such as a stream.
    public static let untilSourcesEnd = Int64.max

    /// Renders `frameCount` frames of `engine` into `writer`, or, with
    /// ``untilSourcesEnd``, up to where the sources end. Calls `progress`
    /// with the frames rendered after each block; an error it throws stops
    /// the render. Throws the writer's errors.
    ///
    /// A source whose decoding fails — a file whose data ends before the
    /// length its header declares, or that fails to decode mid-stream —
    /// ends the render where its last decoded frame is heard
    /// (`AudioEngine.sourcesEndFrame`): every frame before is written to
    /// `writer`, none after, and then its failure is thrown, so the caller
    /// decides whether to keep what was written (docs/cli.md#damaged-input).
    ///
    /// - Returns: how many of the frames were copied as stored.
    @discardableResult
    public static func render(_ engine: AudioEngine, frameCount: Int64, to writer: SoundFileWriter,
                              progress: (Int64) throws -> Void = { _ in }) throws -> Int64 {
        let step = engine.offlineStepFrames
        let background = BackgroundWriter(writer: writer, channelCount: engine.channelCount)
        let layout = engine.gainPath == .sample ? writer.storedLayout : nil
        var copiedFrames: Int64 = 0
        var sourceFailure: (any Error)?
        var end = frameCount
        do {
            while engine.renderedFrames < end {
                let start = engine.renderedFrames
                let (index, block) = background.nextBlock()
                // A copy that throws has copied the frames before the
                // failure: the block holds stored frames.
                var isStored = layout != nil
                do {
                    if let layout {
                        let frames = background.blockBytes / (layout.bytesPerSample * engine.channelCount)
                        isStored = try engine.copyOfflineStep(upTo: Int(min(Int64(frames), end - start)),
                                                              layout: layout, into: block) > 0
                    }
                    var filled = 0
                    while !isStored && filled + step <= background.blockFrames && engine.renderedFrames < end {
                        filled += try engine.renderOfflineStep(upTo: min(step, Int(end - engine.renderedFrames)),
                                                               into: block + filled * engine.channelCount)
                    }
                } catch where engine.sourceFailure != nil {
                    sourceFailure = error
                }
                if sourceFailure != nil || frameCount == untilSourcesEnd, let sourcesEnd = engine.sourcesEndFrame {
                    end = min(end, sourcesEnd)
                }
                let frames = Int(max(0, min(engine.renderedFrames, end) - start))
                if isStored { copiedFrames += Int64(frames) }
                background.submit(block: index, frames: frames, isStored: isStored)
                if let error = background.error { throw error }
                if sourceFailure != nil { break }
                try progress(min(engine.renderedFrames, end))
            }
        } catch {
            try? background.finish()
            throw error
        }
        try background.finish()
        if let sourceFailure { throw sourceFailure }
        engine.service(through: end)
        return copiedFrames
    }
}
