/// The timing functions of a keyframe animation's segments
/// (`CAKeyframeAnimation.timingFunctions`: "each function describes the
/// pacing of one keyframe-to-keyframe segment"), called without reference
/// counting.
///
/// Curves are evaluated per audio frame and per layer per display frame.
/// Reading a function out of an array of references retains and releases
/// it around the call — measured at 7 % of an offline render whose volume
/// follows a keyframed ramp — so the functions are held as unmanaged
/// references, retained here once and released in `deinit`. A class, so
/// that a curve holding it copies one reference.
final class SegmentPacing: Sendable {
    private let functions: [Unmanaged<CAMediaTimingFunction>?]

    /// Paces segment `i` with `functions[i]`; a missing or nil entry is
    /// linear. When every entry is nil nothing is kept, so pacing a linear
    /// keyframe animation reads no array.
    init(_ functions: [CAMediaTimingFunction?]) {
        self.functions = functions.contains { $0 != nil } ? functions.map { $0.map(Unmanaged.passRetained) } : []
    }

    deinit {
        for function in functions { function?.release() }
    }

    /// `u`, a position within `segment` (0…1), through the segment's
    /// timing function.
    @inline(__always)
    func pace(_ u: Double, segment: Int) -> Double {
        guard segment < functions.count, let function = functions[segment] else { return u }
        return function._withUnsafeGuaranteedRef { $0.value(at: u) }
    }
}
