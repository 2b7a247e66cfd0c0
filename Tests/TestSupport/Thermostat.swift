import SwellCore

/// A layer class the tests declare, with a property no code of Swell's
/// knows: scripts, events, `swell ctl` and `swell curve --key` reach it
/// through the class's property table alone (docs/library.md#the-property-table).
public final class Thermostat: CALayer {
    @Dynamic("temperature", .implicit, range: .within(-40...60)) public var temperature: Double = 20
}
