/// The frame rates a display link may run at, and the one it prefers
/// (QuartzCore's `CAFrameRateRange`, iOS 15). A host with a fixed rate
/// runs at `preferred`, else at `maximum`.
public struct CAFrameRateRange: Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    /// The rate asked for; nil leaves the choice to the host.
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the host's default rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether the two ranges ask for the same rates.
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
