/// How steadily a window showed its frames: how many, how many late, and
/// the longest time between two.
///
/// A frame is late when it follows the one before by more than one and a
/// half refresh intervals: at least one refresh showed the previous frame
/// again — a dropped frame, the stutter a display link exists to avoid.
public struct FrameStatistics: Sendable, CustomStringConvertible {
    /// The display's refresh interval in seconds.
    public let refreshInterval: Double
    public private(set) var framesShown = 0
    public private(set) var lateFrames = 0
    /// The longest interval between two frames shown, in seconds.
    public private(set) var worstInterval = 0.0
    private var lastShown: Double?
    private var firstShown: Double?

    public init(refreshInterval: Double) {
        self.refreshInterval = refreshInterval
    }

    /// Notes a frame shown at `time` (seconds, monotonic).
    public mutating func noteFrameShown(at time: Double) {
        framesShown += 1
        if let last = lastShown {
            let interval = time - last
            worstInterval = max(worstInterval, interval)
            if interval > 1.5 * refreshInterval { lateFrames += 1 }
        }
        firstShown = firstShown ?? time
        lastShown = time
    }

    /// The seconds from the first frame shown to the last.
    public var span: Double { (lastShown ?? 0) - (firstShown ?? 0) }

    /// `frames 3600, late 0, worst interval 17.2 ms, refresh 60 Hz, over 60.0 s`
    public var description: String {
        "frames \(framesShown), late \(lateFrames), "
            + "worst interval \(Self.milliseconds(worstInterval)) ms, "
            + "refresh \(Self.rounded(1 / refreshInterval)) Hz, over \(Self.rounded(span)) s"
    }

    private static func milliseconds(_ seconds: Double) -> String { rounded(seconds * 1000) }

    private static func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
