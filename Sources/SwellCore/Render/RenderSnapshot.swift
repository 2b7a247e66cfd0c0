/// One layer as committed: its model values, timing and compiled animations.
/// Immutable; built on the layer's thread at commit and read anywhere.
public final class LayerRecord: Sendable {
    /// The layer's process-unique serial.
    public let serial: UInt64
    public let name: String?
    /// The layer's own timing (`beginTime`, `speed`, `timeOffset`…).
    public let timing: MediaTiming
    /// The explicitly set model values.
    let values: [String: any Animatable]
    /// Defaults of the properties that were not set.
    let defaults: [String: any Animatable]
    /// One track per animated property.
    let tracks: [String: any AnyPropertyTrack]
    /// The layer's ``CALayer/renderState``.
    public let renderState: (any Sendable)?

    init(serial: UInt64, name: String?, timing: MediaTiming, values: [String: any Animatable],
         defaults: [String: any Animatable], tracks: [String: any AnyPropertyTrack], renderState: (any Sendable)?) {
        self.serial = serial
        self.name = name
        self.timing = timing
        self.values = values
        self.defaults = defaults
        self.tracks = tracks
        self.renderState = renderState
    }

    /// The committed model value of `key`.
    public func modelValue(forKey key: String) -> (any Animatable)? {
        values[key] ?? defaults[key]
    }

    /// The track of `key` as `Value`: the animations on it, or the constant
    /// model value when it has none. Nil when the layer has no such property
    /// or it has another type.
    public func track<Value: Animatable>(forKey key: String, as type: Value.Type) -> PropertyTrack<Value>? {
        if let track = tracks[key] { return track as? PropertyTrack<Value> }
        return (modelValue(forKey: key) as? Value).map { PropertyTrack(key: key, constant: $0) }
    }

    /// The model values with every animated property evaluated at `time` of
    /// the layer's local time.
    func presentedValues(atLayerTime time: Double, tolerance: Double) -> [String: any Animatable] {
        var presented = values
        for (key, track) in tracks {
            presented[key] = track.presentedValue(atLayerTime: time, tolerance: tolerance)
        }
        return presented
    }

    /// Builds the record of a layer, compiling its animations.
    static func make(for layer: CALayer) -> LayerRecord {
        var builders: [String: any AnyTrackBuilder] = [:]
        for (key, animation) in layer.animationEntries {
            do {
                for compiled in try AnimationCompiler.compile(animation, on: layer, beginTime: animation.beginTime) {
                    compiled.entry.append(to: &builders, key: compiled.key)
                }
            } catch {
                CADiagnostics.warn("\(layer.debugName): animation '\(key)' skipped: \(error)")
            }
        }
        var tracks: [String: any AnyPropertyTrack] = [:]
        for (key, builder) in builders {
            tracks[key] = builder.makeTrack(model: layer.values[key] ?? layer.defaultValue(forProperty: key))
        }
        var defaults = LayerPropertyTable.effectiveDefaults(of: type(of: layer), instance: layer)
        defaults.merge(layer.undeclaredDefaults) { declared, _ in declared }
        return LayerRecord(serial: layer.serial, name: layer.name, timing: layer.layerTiming,
                           values: layer.values, defaults: defaults, tracks: tracks, renderState: layer.renderState)
    }
}

/// A committed layer tree: what a render host evaluates.
///
/// Commits publish a new snapshot; the previous one stays valid for whoever
/// still holds it. Nothing in a snapshot refers to a `CALayer`, so any thread
/// — the audio render thread included — can evaluate it while the owning
/// thread goes on changing the model.
public final class RenderSnapshot: Sendable {
    /// The host time at which the snapshot was committed.
    public let commitTime: Double
    /// Layers in tree order: every layer after its parent.
    public let records: [LayerRecord]
    /// The index of each record's parent, or -1 for the root.
    public let parents: [Int]
    private let indexBySerial: [UInt64: Int]

    init(commitTime: Double, records: [LayerRecord], parents: [Int]) {
        self.commitTime = commitTime
        self.records = records
        self.parents = parents
        var index: [UInt64: Int] = [:]
        for (i, record) in records.enumerated() { index[record.serial] = i }
        self.indexBySerial = index
    }

    /// The index of the record of the layer with `serial`.
    public func index(ofSerial serial: UInt64) -> Int? {
        indexBySerial[serial]
    }

    /// The indices from the root down to the layer at `index`.
    public func ancestry(ofLayerAt index: Int) -> [Int] {
        var chain: [Int] = []
        var current = index
        while current >= 0 {
            chain.append(current)
            current = parents[current]
        }
        return chain.reversed()
    }

    /// The local time of the layer at `index` at a host time.
    public func localTime(ofLayerAt index: Int, hostTime: Double) -> Double {
        ancestry(ofLayerAt: index).reduce(hostTime) { time, i in records[i].timing.localTime(fromParent: time) }
    }

    /// The presented values of every animated property of every layer at a
    /// host time — one frame of the presentation tree.
    public func evaluate(atHostTime hostTime: Double, tolerance: Double = 0) -> PresentationFrame {
        var localTimes = [Double](repeating: 0, count: records.count)
        var values: [PresentationFrame.Value] = []
        values.reserveCapacity(records.count * 2)
        for (i, record) in records.enumerated() {
            let parentTime = parents[i] < 0 ? hostTime : localTimes[parents[i]]
            let time = record.timing.localTime(fromParent: parentTime)
            localTimes[i] = time
            for (key, track) in record.tracks {
                values.append(.init(layer: i, key: key, value: track.presentedValue(atLayerTime: time, tolerance: tolerance)))
            }
        }
        return PresentationFrame(hostTime: hostTime, values: values)
    }
}

/// The presented values of a snapshot's animated properties at one time.
public struct PresentationFrame: Sendable {
    public struct Value: Sendable {
        /// The index of the layer in the snapshot's `records`.
        public let layer: Int
        public let key: String
        public let value: any Animatable
    }

    public let hostTime: Double
    public let values: [Value]
}
