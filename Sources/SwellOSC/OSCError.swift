/// Why OSC could not be sent or listened for, in words for the one line a
/// command prints.
public struct OSCError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    /// Whether what was asked for is at fault — a URL, an address or an
    /// endpoint that is none — rather than the system: exit status 2, not
    /// 1 (docs/cli.md#exit-codes).
    public let isBadInput: Bool

    public init(_ description: String, isBadInput: Bool = false) {
        self.description = description
        self.isBadInput = isBadInput
    }

    /// liblo is missing: the package that holds it.
    static let unavailable = OSCError("cannot load liblo.so.7 for OSC (Debian: apt-get install liblo7)")
}
