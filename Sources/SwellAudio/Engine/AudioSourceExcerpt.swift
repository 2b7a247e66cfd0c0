/// Part of a source, from one frame to another, as a source of its own: what
/// `--start` and `--end` make of an input (docs/cli.md#trimming), as SoX's
/// `trim` and FFmpeg's `-ss`/`-to` cut a file before its effects.
///
/// Its frame 0 is the base's frame `frames.lowerBound`; readers are the
/// base's, started that much further in, and read to the end of the range.
/// A range that runs to `Int64.max` in a source that does not say how long
/// it is (a stream) does not say either.
package final class AudioSourceExcerpt: AudioSource {
    package let base: any AudioSource
    /// The base's frames the excerpt holds.
    package let frames: Range<Int64>
    package let format: AudioSourceDescription

    package init(_ base: any AudioSource, frames: Range<Int64>) {
        precondition(frames.lowerBound >= 0 && frames.upperBound <= base.format.frameCount, "excerpt outside its source")
        self.base = base
        self.frames = frames
        let whole = base.format
        let unknown = frames.upperBound == .max && whole.frameCount == .max
        format = AudioSourceDescription(path: whole.path, frameCount: unknown ? .max : Int64(frames.count),
                                        sampleRate: whole.sampleRate, channelCount: whole.channelCount,
                                        isSeekable: whole.isSeekable)
    }

    package func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader {
        let reader = try base.makeReader(streaming: streaming, from: frames.lowerBound + first)
        return Reader(base: reader, remaining: max(0, Int64(frames.count) - first))
    }

    /// The base's reader, ended where the excerpt ends.
    private final class Reader: AudioSourceReader, @unchecked Sendable {
        let base: any AudioSourceReader
        /// Frames left before the excerpt's end (render thread).
        private var remaining: Int64

        init(base: any AudioSourceReader, remaining: Int64) {
            self.base = base
            self.remaining = remaining
        }

        var channelCount: Int { base.channelCount }
        var failure: (any Error)? { base.failure }

        func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool) {
            let asked = Int(min(Int64(frameCount), remaining))
            let (read, ended) = asked > 0 ? base.read(into: buffer, frameCount: asked) : (0, true)
            remaining -= Int64(read)
            return (read, ended || remaining == 0)
        }

        func readStored(into bytes: UnsafeMutableRawPointer, frameCount: Int,
                        layout: StoredSampleLayout) -> (frames: Int, ended: Bool)? {
            let asked = Int(min(Int64(frameCount), remaining))
            guard asked > 0 else { return (0, true) }
            guard let (read, ended) = base.readStored(into: bytes, frameCount: asked, layout: layout) else { return nil }
            remaining -= Int64(read)
            return (read, ended || remaining == 0)
        }
    }
}
