/// The gain the whole mix is multiplied by around a pause: a straight ramp
/// from `from` to `to` over `frames` frames from mix frame `start`, holding
/// `from` before and `to` after (docs/audio.md#pausing-without-a-click).
///
/// Stopping a waveform mid-cycle — QA1673's pause sets the root layer's
/// `speed` to 0 between one frame and the next — is a step, heard as a
/// click; the engine ramps the mix to silence first and back up on resume,
/// as it does before closing the device on Ctrl-C. The ramp multiplies the
/// mix after every layer's gain, so no layer's `volume`, and no animation a
/// session runs on it, is touched.
struct OutputFade: Sendable, Equatable {
    let from: Double
    let to: Double
    let start: Int64
    let frames: Int64

    /// No fade: the mix as the layers make it.
    static let unity = OutputFade(from: 1, to: 1, start: 0, frames: 1)

    /// The gain at mix frame `frame`: `from + (to − from)·(frame − start)/frames`
    /// within the ramp.
    func gain(atFrame frame: Int64) -> Double {
        if frame <= start { return from }
        if frame >= start + frames { return to }
        return from + (to - from) * Double(frame - start) / Double(frames)
    }

    /// Whether the gain is exactly 1 at every frame of `range`.
    func isUnity(over range: Range<Int64>) -> Bool {
        (from == 1 || range.lowerBound >= start + frames) && (to == 1 || range.upperBound - 1 <= start)
    }

    /// Multiplies `frames` interleaved frames of `channels` channels in
    /// `out`, the first being mix frame `first`, by the gain. Real-time safe.
    func apply(to out: UnsafeMutablePointer<Float>, frames: Int, channels: Int, from first: Int64) {
        guard !isUnity(over: first..<(first + Int64(frames))) else { return }
        for i in 0..<frames {
            let g = Float(gain(atFrame: first + Int64(i)))
            for c in 0..<channels { out[i * channels + c] *= g }
        }
    }
}
