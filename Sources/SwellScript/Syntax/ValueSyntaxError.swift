import Foundation

/// A command-line value that does not follow its syntax — a TIME, LEVEL,
/// timing function NAME or `--ramp` point — described in one line that
/// quotes the bad value: `invalid time "2x": unknown unit "x"; use s, ms, m
/// or h`.
public struct ValueSyntaxError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// What the value should have been: `time`, `level`, `timing function`,
    /// `ramp`, `ramp point`.
    public var subject: String
    /// The value as written.
    public var value: String
    /// Why it is wrong and, where possible, what would be right.
    public var reason: String
    /// For a `--ramp` point: its 1-based index in the ramp.
    public var point: Int?
    /// For a `--ramp` point: the 1-based column (in Unicode scalars) where it
    /// starts in the ramp text.
    public var column: Int?

    public init(subject: String, value: String, reason: String, point: Int? = nil, column: Int? = nil) {
        self.subject = subject
        self.value = value
        self.reason = reason
        self.point = point
        self.column = column
    }

    public var description: String {
        var position = ""
        if let point, let column { position = " (point \(point), column \(column))" }
        return "invalid \(subject) \(value.quotedForMessage)\(position): \(reason)"
    }

    public var errorDescription: String? { description }
}
