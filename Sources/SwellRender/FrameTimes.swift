/// The times of a frame sequence: frame k shows the scene at
/// `start + k / fps`, for k = 0 … count − 1 (docs/render.md#frame-sequences).
///
/// Each time is computed from its frame number, never by adding 1/fps to
/// the previous one, so no rounding error accumulates: frame 900 of a 30 fps
/// sequence is at exactly the time a single frame rendered there would be.
public struct FrameTimes: Sendable, Hashable {
    /// The time of frame 0, in seconds on the host clock.
    public let start: Double
    /// Frames per second.
    public let fps: Double
    /// The number of frames.
    public let count: Int

    /// `count` frames from `start` at `fps`.
    public init(start: Double, fps: Double, count: Int) {
        precondition(start.isFinite && fps.isFinite && fps > 0 && count >= 0, "frame times need a finite start and rate")
        self.start = start
        self.fps = fps
        self.count = count
    }

    /// The frames from `start` up to, not including, `end`: those whose time
    /// `start + k / fps` is before `end`, which is ⌈(end − start) · fps⌉ of
    /// them — counted on the computed times themselves, so that a product
    /// such as 2.2 · 25 that rounds up to 55.00000000000001 does not add a
    /// frame at `end`.
    public init(start: Double, end: Double, fps: Double) {
        precondition(end.isFinite, "frame times need a finite end")
        self.init(start: start, fps: fps, count: 0)
        var count = max(0, Int(((end - start) * fps).rounded(.up)))
        while count > 0, time(ofFrame: count - 1) >= end { count -= 1 }
        while time(ofFrame: count) < end { count += 1 }
        self = FrameTimes(start: start, fps: fps, count: count)
    }

    /// The host time of frame `k`.
    public func time(ofFrame k: Int) -> Double {
        start + Double(k) / fps
    }
}
