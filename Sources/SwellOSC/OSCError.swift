/// Why OSC could not be sent or listened for, in words for the one line a
/// command prints.
public struct OSCError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// liblo is missing: the package that holds it.
    static let unavailable = OSCError("cannot load liblo.so.7 for OSC (Debian: apt-get install liblo7)")
}
