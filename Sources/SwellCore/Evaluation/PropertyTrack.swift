import Foundation

/// Everything that decides one property's presented value: the model value
/// and, in order, the animations on it with their timing chains.
///
/// Tracks are immutable snapshots built at commit. The audio render thread
/// holds `PropertyTrack<Double>`s for `volume` and `pan` and evaluates them
/// a block of frames at a time; `presentation()` evaluates the erased form.
/// A class, so that passing one around — through an existential, into the
/// render thread's plans — costs a reference, not a copy of everything it
/// holds.
public final class PropertyTrack<Value: Animatable>: Sendable {
    /// One animation's part of the track. A class, so that evaluating it
    /// borrows its curve and timing in place instead of copying — and
    /// retaining — everything they hold on every frame.
    ///
    /// A standard curve is kept in a box of its own concrete type, one
    /// optional per kind, not as a ``StandardCurve``: switching over the
    /// enum copies the case's payload — for a keyframe curve, a retain and
    /// a release of its arrays on every evaluation — where a method called
    /// on a box's stored curve borrows it.
    final class Entry: Sendable {
        let chain: TimingChain
        private let basic: CurveBox<BasicCurve<Value>>?
        private let keyframe: CurveBox<KeyframeCurve<Value>>?
        private let spring: CurveBox<SpringCurve<Value>>?
        private let custom: (any PropertyContribution<Value>)?

        private init(chain: TimingChain, basic: CurveBox<BasicCurve<Value>>?, keyframe: CurveBox<KeyframeCurve<Value>>?,
                     spring: CurveBox<SpringCurve<Value>>?, custom: (any PropertyContribution<Value>)?) {
            (self.chain, self.basic, self.keyframe, self.spring, self.custom) = (chain, basic, keyframe, spring, custom)
        }

        /// The same effect on a chain beginning at `beginTime`; the curves
        /// are shared, not rebuilt.
        func beginning(at beginTime: Double) -> Entry {
            Entry(chain: chain.beginning(at: beginTime), basic: basic, keyframe: keyframe, spring: spring, custom: custom)
        }

        init(chain: TimingChain, effect: Effect<Value>) {
            self.chain = chain
            var (basic, keyframe, spring): (CurveBox<BasicCurve<Value>>?, CurveBox<KeyframeCurve<Value>>?,
                                            CurveBox<SpringCurve<Value>>?) = (nil, nil, nil)
            switch effect {
            case .standard(let contribution):
                switch contribution.curve {
                case .basic(let curve): basic = CurveBox(contribution.replacingCurve(with: curve))
                case .keyframe(let curve): keyframe = CurveBox(contribution.replacingCurve(with: curve))
                case .spring(let curve): spring = CurveBox(contribution.replacingCurve(with: curve))
                }
                custom = nil
            case .custom(let contribution):
                custom = contribution
            }
            (self.basic, self.keyframe, self.spring) = (basic, keyframe, spring)
        }

        /// Applies the animation to `value`, the value so far at layer time
        /// `time`.
        @inline(__always)
        func apply(to value: inout Value, model: Value, time: Double, tolerance: Double) {
            if let sample = chain.sample(atLayerTime: time, tolerance: tolerance) {
                basic?.apply(to: &value, model: model, sample: sample)
                keyframe?.apply(to: &value, model: model, sample: sample)
                spring?.apply(to: &value, model: model, sample: sample)
                custom?.apply(to: &value, model: model, sample: sample)
            }
        }

        /// Applies the animation to `count` values, `values[n]` being the
        /// value so far at layer time `times[n]`, with one loop per kind of
        /// curve, so that each runs on the concrete curve.
        @inline(__always)
        func apply(to values: UnsafeMutablePointer<Value>, atLayerTimes times: UnsafePointer<Double>, count: Int,
                   model: Value, tolerance: Double) {
            if let basic {
                apply(basic, to: values, atLayerTimes: times, count: count, model: model, tolerance: tolerance)
            } else if let keyframe {
                apply(keyframe, to: values, atLayerTimes: times, count: count, model: model, tolerance: tolerance)
            } else if let spring {
                apply(spring, to: values, atLayerTimes: times, count: count, model: model, tolerance: tolerance)
            } else {
                custom?.apply(to: values, atLayerTimes: times, count: count, model: model, chain: chain, tolerance: tolerance)
            }
        }

        @inline(__always)
        private func apply(_ box: CurveBox<some ValueCurve<Value>>,
                           to values: UnsafeMutablePointer<Value>, atLayerTimes times: UnsafePointer<Double>,
                           count: Int, model: Value, tolerance: Double) {
            for n in 0..<count {
                if let sample = chain.sample(atLayerTime: times[n], tolerance: tolerance) {
                    box.apply(to: &values[n], model: model, sample: sample)
                }
            }
        }
    }

    /// One standard curve's contribution, boxed so that it is borrowed in
    /// place when evaluated (see ``Entry``).
    final class CurveBox<Curve: ValueCurve>: Sendable where Curve.Value == Value {
        private let contribution: CurveContribution<Curve>

        init(_ contribution: CurveContribution<Curve>) {
            self.contribution = contribution
        }

        /// The contribution's ``CurveContribution/apply(to:model:sample:)``,
        /// called on the stored value in place: a caller reaching through
        /// `contribution` may copy it first.
        @inline(__always)
        func apply(to value: inout Value, model: Value, sample: CurveSample) {
            contribution.apply(to: &value, model: model, sample: sample)
        }
    }

    /// The property's key, e.g. `"opacity"`.
    public let key: String
    /// The model value the animations apply to.
    public let model: Value
    let entries: [Entry]
    /// The same entries, unretained: evaluation runs per audio frame and per
    /// display frame for every layer, and `entries` keeps them alive.
    private let unretainedEntries: [Unmanaged<Entry>]

    init(key: String, model: Value, entries: [Entry]) {
        self.key = key
        self.model = model
        self.entries = entries
        unretainedEntries = entries.map { Unmanaged.passUnretained($0) }
    }

    /// A track with no animations: the model value at every time.
    public convenience init(key: String, constant: Value) {
        self.init(key: key, model: constant, entries: [])
    }

    /// Whether any animation is on the property.
    public var isAnimated: Bool { !entries.isEmpty }

    /// The presented value at a time in the layer's local time space.
    /// `tolerance` is passed to ``MediaTiming/sample(atParentTime:tolerance:)``.
    ///
    /// Pre-specialised for the value types of CALayer's and AudioLayer's
    /// properties: a call for one of them — a presentation frame's opacity
    /// or position — runs code compiled for that type, with no generic
    /// metadata lookups.
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
        forEachEntry { $0.apply(to: &value, model: model, time: time, tolerance: tolerance) }
        return value
    }

    /// The presented values at `count` layer times, `values[n]` at
    /// `times[n]`: exactly ``value(atLayerTime:tolerance:)`` at each, for
    /// the audio render thread, which evaluates a block of frames at a
    /// time. `values` must be initialised; it is overwritten.
    ///
    /// Evaluated animation by animation, each over the whole block — the
    /// same additions in the same order for every time — so that each
    /// animation's curve is unpacked once per block rather than per frame.
    @_specialize(exported: true, where Value == Double)
    public func values(atLayerTimes times: UnsafePointer<Double>, count: Int, tolerance: Double = 0,
                       into values: UnsafeMutablePointer<Value>) {
        values.update(repeating: model, count: count)
        forEachEntry { $0.apply(to: values, atLayerTimes: times, count: count, model: model, tolerance: tolerance) }
    }

    /// Calls `body` with each entry, in order. Through a buffer pointer of
    /// unretained entries: iterating the array itself retains and releases
    /// its storage on every call.
    @inline(__always)
    private func forEachEntry(_ body: (Entry) -> Void) {
        unretainedEntries.withUnsafeBufferPointer { entries in
            for i in 0..<entries.count { entries[i]._withUnsafeGuaranteedRef(body) }
        }
    }

    /// Whether the presented value stays the same over `start..<end` of layer
    /// time: true when no animation is active anywhere in the range.
    ///
    /// The audio render thread asks this once per block, so it is a plain
    /// loop over the unretained entries, specialised for `Double`: no
    /// closure context to allocate, no metadata to look up.
    @_specialize(exported: true, where Value == Double)
    public func isConstant(from start: Double, to end: Double) -> Bool {
        unretainedEntries.withUnsafeBufferPointer { entries in
            for i in 0..<entries.count {
                let active = entries[i]._withUnsafeGuaranteedRef { $0.chain.activeLayerInterval }
                guard let active, end <= active.lowerBound || start >= active.upperBound else { return false }
            }
            return true
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
protocol AnyPropertyTrack: AnyObject, Sendable {
    var key: String { get }
    var modelValue: any Animatable { get }
    func presentedValue(atLayerTime time: Double, tolerance: Double) -> any Animatable
    /// Adds the track, of the layer at `layer`, to the column of its value
    /// type; returns where its value will be in a frame.
    func add(to columns: inout TrackColumns, layer: Int) -> TrackColumns.Slot
}

extension PropertyTrack: AnyPropertyTrack {
    var modelValue: any Animatable { model }

    func presentedValue(atLayerTime time: Double, tolerance: Double) -> any Animatable {
        value(atLayerTime: time, tolerance: tolerance)
    }

    /// The type test is a pointer comparison, and the downcast is to the
    /// very same class.
    func add(to columns: inout TrackColumns, layer: Int) -> TrackColumns.Slot {
        if Value.self == Double.self {
            return columns.doubles.append(unsafeDowncast(self, to: PropertyTrack<Double>.self), layer: layer)
        }
        if Value.self == Float.self {
            return columns.floats.append(unsafeDowncast(self, to: PropertyTrack<Float>.self), layer: layer)
        }
        if Value.self == CGFloat.self {
            return columns.cgFloats.append(unsafeDowncast(self, to: PropertyTrack<CGFloat>.self), layer: layer)
        }
        if Value.self == CGPoint.self {
            return columns.points.append(unsafeDowncast(self, to: PropertyTrack<CGPoint>.self), layer: layer)
        }
        if Value.self == CGSize.self {
            return columns.sizes.append(unsafeDowncast(self, to: PropertyTrack<CGSize>.self), layer: layer)
        }
        if Value.self == CGRect.self {
            return columns.rects.append(unsafeDowncast(self, to: PropertyTrack<CGRect>.self), layer: layer)
        }
        if Value.self == CATransform3D.self {
            return columns.transforms.append(unsafeDowncast(self, to: PropertyTrack<CATransform3D>.self), layer: layer)
        }
        if Value.self == CGColor?.self {
            return columns.colors.append(unsafeDowncast(self, to: PropertyTrack<CGColor?>.self), layer: layer)
        }
        return columns.others.append(self, layer: layer)
    }
}
