import Foundation

/// The equal-power pan law, normalised so that the centre is unity gain.
///
/// With `θ = (pan + 1)·π/4`, the left channel is scaled by `√2·cos θ` and
/// the right by `√2·sin θ`: the sum of the channels' powers is the same at
/// every pan position (equal power), and at the centre both gains are
/// exactly 1, so an unpanned stereo file passes unchanged — a fade renders
/// the same samples as SoX. Towards a side the near channel rises to +3 dB,
/// which the gain limit (``GainLimit``) caps at 0 dB unless boost is
/// allowed. Pan only applies to two-channel output; mono and multichannel
/// output ignore it.
enum PanLaw {
    /// The left and right gains for `pan` (clamped to −1…1).
    static func gains(pan: Double) -> (left: Double, right: Double) {
        let p = min(max(pan, -1), 1)
        if p == 0 { return (1, 1) }
        let theta = (p + 1) * .pi / 4
        return (2.0.squareRoot() * cos(theta), 2.0.squareRoot() * sin(theta))
    }
}
