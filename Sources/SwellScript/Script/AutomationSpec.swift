import SwellCore

/// A script's `"automate"` event: Web Audio's calls on the schedule of one
/// layer property, made at the event's time (docs/automation.md#in-scripts).
public struct AutomationSpec: Hashable, Sendable {
    /// The property's key path, which is also the key the schedule is kept
    /// under.
    public var keyPath: String
    public var calls: [ScheduleCall]
    /// Where each call and its arguments are written, for the errors about
    /// them.
    public var callLocations: [CallLocation]
    /// Where the `"calls"` array is, for an error no one call is to blame for.
    public var location: SourceLocation

    public struct CallLocation: Hashable, Sendable {
        public var call: SourceLocation
        /// In the order of ``ScheduleCall/Name/parameters``.
        public var arguments: [SourceLocation]
    }

    public init(keyPath: String, calls: [ScheduleCall], callLocations: [CallLocation], location: SourceLocation) {
        self.keyPath = keyPath
        self.calls = calls
        self.callLocations = callLocations
        self.location = location
    }

    /// Where a refused call is at fault: its argument, the call, or the
    /// array of calls.
    public func location(of error: ScheduleCallError) -> SourceLocation {
        guard let index = error.index else { return location }
        let written = callLocations[index]
        guard let argument = error.error.argument,
              let position = calls[index].name.parameters.firstIndex(of: argument) else { return written.call }
        return written.arguments[position]
    }
}
