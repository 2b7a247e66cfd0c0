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

    /// `out[i][c] (+)= source[i][map(c)] · gain_c[i]`, where channel 0 (and
    /// every channel but 1) takes the left gain and channel 1 the right. A
    /// mono source feeds every output channel; a source with fewer channels
    /// than the output leaves the others alone when adding and silent when
    /// storing.
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
            for c in 0..<channels {
                let s = sourceChannels == 1 ? 0 : c
                let o = i &* channels &+ c
                guard s < sourceChannels else {
                    if mode == .store { out[o] = 0 }
                    continue
                }
                let gain = c == 1 ? right[i] : left[i]
                let scaled = finite(source[i &* sourceChannels &+ s]) * gain
                out[o] = mode == .store ? scaled : out[o] + scaled
            }
        }
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
