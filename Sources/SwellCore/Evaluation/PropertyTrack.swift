import Foundation

/// Everything that decides one property's presented value: the model value
/// and, in order, the animations on it with their timing chains.
///
/// Tracks are immutable snapshots built at commit. The audio render thread
/// holds `PropertyTrack<Double>`s for `volume` and `pan` and evaluates them
/// per frame; `presentation()` evaluates the erased form.
public struct PropertyTrack<Value: Animatable>: Sendable {
    struct Entry: Sendable {
        let chain: TimingChain
        let effect: Effect<Value>
    }

    /// The property's key, e.g. `"volume"`.
    public let key: String
    /// The model value the animations apply to.
    public let model: Value
    let entries: [Entry]

    init(key: String, model: Value, entries: [Entry]) {
        self.key = key
        self.model = model
        self.entries = entries
    }

    /// A track with no animations: the model value at every time.
    public init(key: String, constant: Value) {
        self.init(key: key, model: constant, entries: [])
    }

    /// Whether any animation is on the property.
    public var isAnimated: Bool { !entries.isEmpty }

    /// The presented value at a time in the layer's local time space.
    /// `tolerance` is passed to ``MediaTiming/sample(atParentTime:tolerance:)``.
    ///
    /// Pre-specialised for the value types of CALayer's and AudioLayer's
    /// properties: a call for one of them — the audio render thread's
    /// `PropertyTrack<Double>`, a presentation frame's opacity or position —
    /// runs code compiled for that type, with no generic metadata lookups.
    @_specialize(exported: true, where Value == Double)
    @_specialize(exported: true, where Value == Float)
    @_specialize(exported: true, where Value == CGFloat)
    @_specialize(exported: true, where Value == CGPoint)
    @_specialize(exported: true, where Value == CGSize)
    @_specialize(exported: true, where Value == CGRect)
    @_specialize(exported: true, where Value == CATransform3D)
    @_specialize(exported: true, where Value == CGColor?)
    public func value(atLayerTime time: Double, tolerance: Double = 0) -> Value {
        var value = model
        for entry in entries {
            if let sample = entry.chain.sample(atLayerTime: time, tolerance: tolerance) {
                entry.effect.apply(to: &value, model: model, sample: sample)
            }
        }
        return value
    }

    /// Whether the presented value stays the same over `start..<end` of layer
    /// time: true when no animation is active anywhere in the range.
    public func isConstant(from start: Double, to end: Double) -> Bool {
        entries.allSatisfy { entry in
            guard let active = entry.chain.activeLayerInterval else { return false }
            return end <= active.lowerBound || start >= active.upperBound
        }
    }

    /// The earliest layer time at or after `time` when the value may start
    /// to change, or infinity if it never will.
    public func nextChange(after time: Double) -> Double {
        var next = Double.infinity
        for entry in entries {
            guard let active = entry.chain.activeLayerInterval else { return time }
            if active.contains(time) { return time }
            if active.lowerBound > time { next = min(next, active.lowerBound) }
        }
        return next
    }
}

/// A ``PropertyTrack`` of any value type.
protocol AnyPropertyTrack: Sendable {
    var key: String { get }
    var modelValue: any Animatable { get }
    func presentedValue(atLayerTime time: Double, tolerance: Double) -> any Animatable
}

extension PropertyTrack: AnyPropertyTrack {
    var modelValue: any Animatable { model }

    func presentedValue(atLayerTime time: Double, tolerance: Double) -> any Animatable {
        value(atLayerTime: time, tolerance: tolerance)
    }
}
