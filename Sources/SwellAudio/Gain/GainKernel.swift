/// The per-sample gain stage: a voice's frames, scaled by per-frame
/// gains, into the interleaved mix.
///
/// Written as plain loops over unsafe pointers that the compiler
/// vectorises; a non-finite input sample (a corrupt float file) contributes
/// silence, so nothing non-finite reaches the output.
enum GainKernel {
    /// How a voice's scaled frames meet what is in the mix already.
    enum Mode {
        /// The first voice of a block: its frames replace the buffer's
        /// contents, so the buffer need not be cleared first.
        case store
        /// Every later voice: its frames are added to the sum so far.
        case add
    }

    /// `out[i][c] (+)= source_c[i] · gain_c[i]`, where channel 0 (and every
    /// channel but 1) takes the left gain and channel 1 the right.
    /// `source_c` is the source's channel for output channel `c`, by the
    /// rule of SoX's `channels` effect (`sox in.wav -c N out.wav`; remix.c,
    /// `channels_start`):
    /// - a source with fewer channels than the output repeats them in
    ///   turn: output `c` takes source channel `c mod M` — a mono source
    ///   feeds every channel, a stereo one goes L R L R… into four;
    /// - a source with more channels is mixed down: output `c` takes the
    ///   average of source channels `c, c + N, c + 2N, …` — stereo into mono
    ///   is `(L + R)/2`, six channels into two are `(0 + 2 + 4)/3` and
    ///   `(1 + 3 + 5)/3`.
    static func mix(source: UnsafePointer<Float>, sourceChannels: Int,
                    left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                    into out: UnsafeMutablePointer<Float>, channels: Int, frames: Int, mode: Mode) {
        if channels == 2 && sourceChannels == 2 {
            switch mode {
            case .store: mixStereo(source: source, left: left, right: right, into: out, frames: frames) { $1 }
            case .add: mixStereo(source: source, left: left, right: right, into: out, frames: frames) { $0 + $1 }
            }
            return
        }
        for i in 0..<frames {
            let frame = source + i &* sourceChannels
            for c in 0..<channels {
                let o = i &* channels &+ c
                let gain = c == 1 ? right[i] : left[i]
                let scaled = sourceSample(frame, channels: sourceChannels, for: c, of: channels) * gain
                out[o] = mode == .store ? scaled : out[o] + scaled
            }
        }
    }

    /// The sample output channel `c` of `outputs` takes from `frame`, a
    /// frame of `channels` channels: the SoX `channels` rule of
    /// ``mix(source:sourceChannels:left:right:into:channels:frames:mode:)``.
    @inline(__always)
    private static func sourceSample(_ frame: UnsafePointer<Float>, channels: Int, for c: Int, of outputs: Int) -> Float {
        guard channels > outputs else { return finite(frame[c % channels]) }
        var sum: Float = 0
        var count: Float = 0
        for s in stride(from: c, to: channels, by: outputs) {
            sum += finite(frame[s])
            count += 1
        }
        return sum / count
    }

    /// The common case, stereo into stereo; `combine(old, scaled)` is the
    /// mode, so that each mode's loop is specialised and vectorised.
    @inline(__always)
    private static func mixStereo(source: UnsafePointer<Float>, left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                                  into out: UnsafeMutablePointer<Float>, frames: Int,
                                  combine: (Float, Float) -> Float) {
        for i in 0..<frames {
            let l = 2 &* i, r = l &+ 1
            out[l] = combine(out[l], finite(source[l]) * left[i])
            out[r] = combine(out[r], finite(source[r]) * right[i])
        }
    }

    @inline(__always)
    private static func finite(_ x: Float) -> Float {
        x.isFinite ? x : 0
    }
}
