import CSoxr
import Synchronization

/// A reader at another rate: frames read from the inner reader, a block at
/// a time, through a libsoxr stream — a file at another sample rate than
/// the mix (SwellSndFile's `ResampledSource`), or played at a `rate` that
/// holds (docs/rate.md#three-ways-to-read-a-file).
///
/// Real-time safe when the inner reader is (a streaming decoder's, live):
/// its input block is allocated in `init`, and a read only copies, calls
/// `soxr_process` and reads the inner reader — which may deliver fewer
/// frames than asked, the decoder having fallen behind; the read then
/// returns what it has, and the next continues.
///
/// It delivers exactly `round(N·out/in)` frames for the N the inner reader
/// delivers, as SoX's `rate` does: once the inner reader has ended, the
/// stream is flushed (`soxr_process` with no input) for the filter's tail,
/// and the output is cut, or completed with silence, at that count. A layer
/// that moves in its file gets a new reader (docs/audio.md#time-drives-the-media),
/// so a stream is never reset while the render thread reads it.
package final class ResampledReader: AudioSourceReader, @unchecked Sendable {
    package let channelCount: Int
    private let inner: any AudioSourceReader
    private let inputRate: Int
    private let outputRate: Int

    // Render thread: the stream and where the input stands.
    private let stream: soxr_t
    private let input: UnsafeMutablePointer<Float>
    private static let inputFrames = 4096
    /// The inner reader's frames in `input` not yet taken by the stream:
    /// `input[consumed..<buffered]`.
    private var buffered = 0
    private var consumed = 0
    /// Frames read from the inner reader since the start.
    private var framesIn: Int64 = 0
    /// Frames delivered since the start.
    private var framesOut: Int64 = 0
    /// Whether no more input comes — the inner reader has ended, or the
    /// stream failed — so that the output ends at `round(framesIn·out/in)`;
    /// and whether the stream has given all it will.
    private var inputEnded = false
    private var drained = false

    /// The first error `soxr_process` returned (render thread writes).
    private let processError = Atomic<Bool>(false)

    package init(inner: any AudioSourceReader, stream: soxr_t, from inputRate: Int, to outputRate: Int) {
        self.inner = inner
        self.stream = stream
        self.inputRate = inputRate
        self.outputRate = outputRate
        channelCount = inner.channelCount
        input = .allocate(capacity: Self.inputFrames * inner.channelCount)
    }

    deinit {
        soxr_delete(stream)
        input.deallocate()
    }

    package var failure: (any Error)? {
        inner.failure ?? (processError.load(ordering: .acquiring) ? SoxrError(nil) : nil)
    }

    package func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool) {
        var produced = 0
        while produced < frameCount && !drained {
            if consumed == buffered && !inputEnded {
                let (frames, ended) = inner.read(into: input, frameCount: Self.inputFrames)
                (consumed, buffered, inputEnded) = (0, frames, ended)
                framesIn += Int64(frames)
                // The inner reader fell behind: the next read continues.
                if frames == 0 && !ended { break }
            }
            let wanted = min(frameCount - produced, remainingFrames)
            let flushing = consumed == buffered
            var taken = 0, made = 0
            let error = soxr_process(stream, flushing ? nil : UnsafeRawPointer(input + consumed * channelCount),
                                     buffered - consumed, &taken,
                                     UnsafeMutableRawPointer(buffer + produced * channelCount), wanted, &made)
            if error != nil {
                processError.store(true, ordering: .releasing)
                inputEnded = true
            }
            consumed += taken
            produced += made
            framesOut += Int64(made)
            drained = error != nil || (flushing && made == 0) || (inputEnded && remainingFrames == 0)
        }
        if drained {
            // The stream's tail (or a failed stream) fell short of
            // round(N·out/in): silence completes it.
            let silent = min(frameCount - produced, remainingFrames)
            (buffer + produced * channelCount).update(repeating: 0, count: silent * channelCount)
            produced += silent
            framesOut += Int64(silent)
        }
        return (produced, drained && remainingFrames == 0)
    }

    /// Frames still to deliver: up to `round(framesIn·out/in)` once no
    /// more input comes, unbounded before.
    private var remainingFrames: Int {
        guard inputEnded else { return .max }
        let total = Self.convertedFrameCount(framesIn, from: inputRate, to: outputRate)
        return Int(max(total - framesOut, 0))
    }

    /// The length of `frames` frames at `outputRate`: `round(frames·out/in)`,
    /// halves rounded up, computed exactly — where SoX's `rate` ends its
    /// output (`samples_in / factor + .5`, in floating point). A length
    /// that an `Int64` cannot count is `Int64.max`, as for a stream that
    /// does not say how long it is.
    package static func convertedFrameCount(_ frames: Int64, from inputRate: Int, to outputRate: Int) -> Int64 {
        let product = frames.multipliedFullWidth(by: Int64(outputRate))
        guard product.high < Int64(inputRate) / 2 else { return .max }
        let (quotient, remainder) = Int64(inputRate).dividingFullWidth(product)
        return 2 * remainder >= Int64(inputRate) ? quotient + 1 : quotient
    }
}
