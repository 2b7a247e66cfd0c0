/// The per-sample gain stage: adds a voice's frames, scaled by per-frame
/// gains, into the interleaved mix.
///
/// Written as plain loops over unsafe pointers that the compiler
/// vectorises; a non-finite input sample (a corrupt float file) contributes
/// silence, so nothing non-finite reaches the output.
enum GainKernel {
    /// `out[i][c] += source[i][map(c)] · gain_c[i]`, where channel 0 (and
    /// every channel but 1) takes the left gain and channel 1 the right. A
    /// mono source feeds every output channel; a source with fewer channels
    /// than the output leaves the others alone.
    static func mix(source: UnsafePointer<Float>, sourceChannels: Int,
                    left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                    into out: UnsafeMutablePointer<Float>, channels: Int, frames: Int) {
        if channels == 2 && sourceChannels == 2 {
            mixStereo(source: source, left: left, right: right, into: out, frames: frames)
            return
        }
        for i in 0..<frames {
            for c in 0..<channels {
                let s = sourceChannels == 1 ? 0 : c
                guard s < sourceChannels else { continue }
                let gain = c == 1 ? right[i] : left[i]
                out[i &* channels &+ c] += finite(source[i &* sourceChannels &+ s]) * gain
            }
        }
    }

    /// The common case, stereo into stereo.
    @inline(__always)
    static func mixStereo(source: UnsafePointer<Float>, left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                          into out: UnsafeMutablePointer<Float>, frames: Int) {
        for i in 0..<frames {
            let l = 2 &* i, r = l &+ 1
            out[l] += finite(source[l]) * left[i]
            out[r] += finite(source[r]) * right[i]
        }
    }

    @inline(__always)
    private static func finite(_ x: Float) -> Float {
        x.isFinite ? x : 0
    }
}
