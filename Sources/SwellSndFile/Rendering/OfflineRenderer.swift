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
    /// Renders `frameCount` frames of `engine` into `writer`. Calls
    /// `progress` with the frames rendered after each block; an error it
    /// throws stops the render. Throws the writer's errors, or a source's
    /// decoding failure.
    ///
    /// - Returns: how many of the frames were copied as stored.
    @discardableResult
    public static func render(_ engine: AudioEngine, frameCount: Int64, to writer: SoundFileWriter,
                              progress: (Int64) throws -> Void = { _ in }) throws -> Int64 {
        let step = engine.offlineStepFrames
        let background = BackgroundWriter(writer: writer, channelCount: engine.channelCount)
        let layout = engine.gainPath == .sample ? writer.storedLayout : nil
        var copiedFrames: Int64 = 0
        do {
            while engine.renderedFrames < frameCount {
                let (index, block) = background.nextBlock()
                let copied = try layout.map { layout in
                    let frames = background.blockBytes / (layout.bytesPerSample * engine.channelCount)
                    return try engine.copyOfflineStep(upTo: Int(min(Int64(frames), frameCount - engine.renderedFrames)),
                                                      layout: layout, into: block)
                } ?? 0
                if copied > 0 {
                    background.submit(block: index, frames: copied, isStored: true)
                    copiedFrames += Int64(copied)
                } else {
                    var filled = 0
                    while filled + step <= background.blockFrames && engine.renderedFrames < frameCount {
                        filled += try engine.renderOfflineStep(upTo: min(step, Int(frameCount - engine.renderedFrames)),
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
}
