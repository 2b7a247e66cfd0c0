/// Turns the animations on a layer into typed, immutable track entries.
///
/// This is where Core Animation's loosely typed object model (`keyPath`
/// strings, `fromValue: Any?`) meets the typed evaluator: the key path is
/// resolved against the layer's properties, values are converted to the
/// property's type, and each animation becomes one entry per property it
/// affects — a group contributes its children's entries in its time space.
enum AnimationCompiler {
    /// One compiled effect of an animation on one layer property.
    struct Entry {
        let key: String
        let entry: any AnyTrackEntry

        /// The same effect with the animation beginning at `beginTime` in
        /// the layer's time space: compiling the animation with that begin
        /// time would differ only there, in its outermost timing stage.
        func beginning(at beginTime: Double) -> Entry {
            Entry(key: key, entry: entry.beginning(at: beginTime))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// An animation's `beginTime` on its layer's time: AVFoundation's
    /// ``AVCoreAnimationBeginTimeAtZero`` is 0 itself, not the instant after.
    static func layerBeginTime(_ beginTime: Double) -> Double {
        beginTime == AVCoreAnimationBeginTimeAtZero ? 0 : beginTime
    }

    /// Compiles `animation` as added to `layer`, beginning at `beginTime`
    /// in the layer's time space.
    static func compile(_ animation: CAAnimation, on layer: CALayer, beginTime: Double) throws -> [Entry] {
        if let automation = animation as? AutomationAnimation {
            // On the layer's own time: its timing plays no part.
            var entries: [Entry] = []
            let chain = TimingChain.layerTime(changingIn: AutomationCurve(automation.schedule).changingInterval)
            try compile(automation, chain: chain, on: layer, into: &entries)
            return entries
        }
        if let problem = animation.timingProblem() { throw Failure(problem) }
        var timing = animation.timing
        timing.beginTime = layerBeginTime(beginTime)
        var entries: [Entry] = []
        try compile(animation, chain: [AnimationTiming(timing: timing, function: animation.timingFunction)],
                    on: layer, into: &entries)
        return entries
    }

    private static func compile(_ animation: CAAnimation, chain: [AnimationTiming], on layer: CALayer,
                                into entries: inout [Entry]) throws {
        switch animation {
        case let group as CAAnimationGroup:
            for child in group.animations ?? [] {
                if child is AutomationAnimation { throw Failure("a group cannot hold a schedule, whose events are in its layer's time") }
                if let problem = child.timingProblem() { throw Failure("group child: \(problem)") }
                var timing = child.timing
                if timing.duration <= 0 { timing.duration = group.duration }
                try compile(child, chain: chain + [AnimationTiming(timing: timing, function: child.timingFunction)],
                            on: layer, into: &entries)
            }
        case let transition as CATransition:
            // The transition's progress, from startProgress to endProgress.
            let progress = BasicCurve<Double>(from: .value(Double(transition.startProgress)),
                                              to: .value(Double(transition.endProgress)))
            entries.append(Entry(key: kCATransition, entry: TypedTrackEntry<Double>(
                entry: .init(chain: TimingChain(stages: chain),
                             effect: .curve(.basic(progress), isAdditive: false, isCumulative: false)))))
        case let property as CAPropertyAnimation:
            try compile(property, chain: TimingChain(stages: chain), on: layer, into: &entries)
        default:
            throw Failure("\(type(of: animation)) animates nothing")
        }
    }

    private static func compile(_ animation: CAPropertyAnimation, chain: TimingChain, on layer: CALayer,
                                into entries: inout [Entry]) throws {
        guard let keyPath = animation.keyPath else { throw Failure("\(type(of: animation)) has no keyPath") }
        guard let resolved = layer.resolve(keyPath: keyPath) else {
            throw Failure("\(layer.debugName) has no animatable property '\(keyPath)'")
        }
        let previous = animation.attachment?.previousValue
        if let function = animation.valueFunction {
            guard resolved.component == nil, resolved.defaultValue is CATransform3D else {
                throw Failure("a value function animates a transform, not '\(keyPath)'")
            }
            let input = try animation.makeContribution(for: SIMD3<Double>.self, previousValue: nil)
            let contribution = ValueFunctionContribution(function: function, input: input, isAdditive: animation.isAdditive)
            entries.append(Entry(key: resolved.key, entry: TypedTrackEntry<CATransform3D>(
                entry: .init(chain: chain, effect: .custom(contribution)))))
            return
        }
        func build<Root: Animatable>(_ root: Root) throws -> any AnyTrackEntry {
            let effect: Effect<Root>
            if let field = resolved.component, let component = Root.components[field] {
                effect = .custom(try component.accept(ComponentCompiler(animation: animation, previous: previous)).get())
            } else {
                effect = try animation.makeContribution(for: Root.self, previousValue: previous as? Root)
            }
            return TypedTrackEntry<Root>(entry: .init(chain: chain, effect: effect))
        }
        entries.append(Entry(key: resolved.key, entry: try build(resolved.defaultValue)))
        if let orientation = try animation.makeOrientationContribution(on: layer) {
            entries.append(Entry(key: "transform", entry: TypedTrackEntry<CATransform3D>(
                entry: .init(chain: chain, effect: .custom(orientation)))))
        }
    }

    /// Builds the contribution to one field of a property.
    private struct ComponentCompiler<Root: Animatable>: AnimatableComponentVisitor {
        let animation: CAPropertyAnimation
        let previous: (any Animatable)?

        func visit<Leaf: Animatable>(
            get: @escaping @Sendable (Root) -> Leaf,
            set: @escaping @Sendable (inout Root, Leaf) -> Void
        ) -> Result<any PropertyContribution<Root>, any Error> {
            Result {
                let inner = try animation.makeContribution(for: Leaf.self, previousValue: previous as? Leaf)
                return ComponentContribution(get: get, set: set, inner: inner)
            }
        }
    }
}

/// A compiled entry, typed by the property's value type.
protocol AnyTrackEntry: Sendable {
    /// Appends the entry to the matching builder, creating it if needed.
    func append(to builders: inout [String: any AnyTrackBuilder], key: String)
    /// The entry with its outermost timing stage beginning at `beginTime`.
    func beginning(at beginTime: Double) -> any AnyTrackEntry
}

struct TypedTrackEntry<Value: Animatable>: AnyTrackEntry {
    let entry: PropertyTrack<Value>.Entry

    func append(to builders: inout [String: any AnyTrackBuilder], key: String) {
        var builder = builders[key] as? TrackBuilder<Value> ?? TrackBuilder<Value>(key: key)
        builder.entries.append(entry)
        builders[key] = builder
    }

    func beginning(at beginTime: Double) -> any AnyTrackEntry {
        entry.chain.beginTime == beginTime ? self : TypedTrackEntry(entry: entry.beginning(at: beginTime))
    }
}

/// Collects one property's entries, then makes its track.
protocol AnyTrackBuilder {
    func makeTrack(model: (any Animatable)?) -> any AnyPropertyTrack
}

struct TrackBuilder<Value: Animatable>: AnyTrackBuilder {
    let key: String
    var entries: [PropertyTrack<Value>.Entry] = []

    init(key: String) { self.key = key }

    func makeTrack(model: (any Animatable)?) -> any AnyPropertyTrack {
        // The transition track's model is "complete" (progress 1).
        let base = model as? Value ?? (key == kCATransition ? 1.0 as? Value : nil) ?? Value.zero
        return PropertyTrack(key: key, model: base, entries: entries)
    }
}
