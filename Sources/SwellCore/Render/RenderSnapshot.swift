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
    /// One track per animated property, each knowing its key.
    let tracks: [any AnyPropertyTrack]
    /// The layer's ``CALayer/renderState``.
    public let renderState: (any Sendable)?
    /// The layer's class, for a renderer to tell how to draw it
    /// (`record.layerClass is CAShapeLayer.Type` holds for subclasses too).
    /// A class, never the layer: nothing here reaches a `CALayer`.
    public let layerClass: CALayer.Type
    /// The layer's `contents` in a drawable form, or nil.
    public let contents: LayerContents?
    /// The layer's ``CALayer/filters``; their parameters' tracks are at
    /// their key paths.
    public let filters: [LayerFilter]

    init(serial: UInt64, name: String?, timing: MediaTiming, values: [String: any Animatable],
         defaults: [String: any Animatable], tracks: [any AnyPropertyTrack], renderState: (any Sendable)?,
         layerClass: CALayer.Type, contents: LayerContents?, filters: [LayerFilter]) {
        self.serial = serial
        self.name = name
        self.timing = timing
        self.values = values
        self.defaults = defaults
        self.tracks = tracks
        self.renderState = renderState
        self.layerClass = layerClass
        self.contents = contents
        self.filters = filters
    }

    /// The committed model value of `key`.
    public func modelValue(forKey key: String) -> (any Animatable)? {
        values[key] ?? defaults[key]
    }

    /// The keys of the animated properties: the ones whose presented value
    /// a ``PresentationFrame`` holds. A renderer reads the model values of
    /// a record once and only these again at every frame.
    public var animatedKeys: [String] {
        tracks.map(\.key)
    }

    /// The track of `key` as `Value`: the animations on it, or the constant
    /// model value when it has none. Nil when the layer has no such property
    /// or it has another type.
    public func track<Value: Animatable>(forKey key: String, as type: Value.Type) -> PropertyTrack<Value>? {
        if let track = tracks.first(where: { $0.key == key }) { return track as? PropertyTrack<Value> }
        return modelValue(forKey: key).flatMap { $0 as? Value }.map { PropertyTrack(key: key, constant: $0) }
    }

    /// The presented value of `key` at `time` of the layer's local time:
    /// its track's value, or the committed model value when it is not
    /// animated — what the layer's presentation copy holds for the key,
    /// without evaluating the others.
    public func presentedValue(forKey key: String, atLayerTime time: Double, tolerance: Double) -> (any Animatable)? {
        if let track = tracks.first(where: { $0.key == key }) {
            return track.presentedValue(atLayerTime: time, tolerance: tolerance)
        }
        return modelValue(forKey: key)
    }

    /// The model values with every animated property evaluated at `time` of
    /// the layer's local time.
    func presentedValues(atLayerTime time: Double, tolerance: Double) -> [String: any Animatable] {
        var presented = values
        for track in tracks {
            presented[track.key] = track.presentedValue(atLayerTime: time, tolerance: tolerance)
        }
        return presented
    }

    /// Builds the record of a layer from its animations as they were
    /// compiled when added, at their begin times now — or, without
    /// `animations`, of its model values alone.
    static func make(for layer: CALayer, animations: Bool = true) -> LayerRecord {
        var builders: [String: any AnyTrackBuilder] = [:]
        for (_, animation) in animations ? layer.animationEntries : [] {
            for compiled in animation.attachment?.entries(of: animation, on: layer) ?? [] {
                compiled.beginning(at: AnimationCompiler.layerBeginTime(animation.beginTime)).entry.append(to: &builders, key: compiled.key)
            }
        }
        var tracks: [any AnyPropertyTrack] = []
        for (key, builder) in builders.sorted(by: { $0.key < $1.key }) {
            tracks.append(builder.makeTrack(model: layer.values[key] ?? layer.defaultValue(forProperty: key)))
        }
        var defaults = LayerPropertyTable.effectiveDefaults(of: type(of: layer), instance: layer)
        defaults.merge(layer.undeclaredDefaults) { declared, _ in declared }
        return LayerRecord(serial: layer.serial, name: layer.name, timing: layer.layerTiming,
                           values: layer.values, defaults: defaults, tracks: tracks, renderState: layer.renderState,
                           layerClass: type(of: layer), contents: LayerContents(layer.contents),
                           filters: layer.filters ?? [])
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
    /// The index of each record's `mask`, or -1. A mask is recorded as a
    /// child of the layer it masks, before its sublayers, but is no
    /// sublayer: a renderer draws it into the layer's alpha instead.
    public let masks: [Int]
    private let indexBySerial: [UInt64: Int]
    /// Every record's timing, in one array: a frame reads them in sequence
    /// instead of visiting every record object.
    private let timings: [MediaTiming]
    /// Every record's tracks, by value type, for
    /// ``evaluate(atHostTime:tolerance:)``; `records` keeps them alive.
    private let columns: TrackColumns
    /// Where each track's value is in a ``PresentationFrame``, record after
    /// record, each record's in the order of its tracks.
    fileprivate let slots: [TrackColumns.Slot]
    /// Where each record's tracks begin in `slots`, and `slots.count` last.
    fileprivate let trackStarts: [Int]

    init(commitTime: Double, records: [LayerRecord], parents: [Int], masks: [Int]) {
        self.commitTime = commitTime
        self.records = records
        self.parents = parents
        self.masks = masks
        var index: [UInt64: Int] = [:]
        var columns = TrackColumns()
        var slots: [TrackColumns.Slot] = []
        var starts: [Int] = []
        starts.reserveCapacity(records.count + 1)
        for (i, record) in records.enumerated() {
            index[record.serial] = i
            starts.append(slots.count)
            for track in record.tracks { slots.append(track.add(to: &columns, layer: i)) }
        }
        starts.append(slots.count)
        self.indexBySerial = index
        self.timings = records.map(\.timing)
        self.columns = columns
        self.slots = slots
        self.trackStarts = starts
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

    /// The local time of the layer at `index` at a host time: its parent's,
    /// mapped through its own timing. Recursive, so that it allocates
    /// nothing: the display path asks it for every audio period.
    public func localTime(ofLayerAt index: Int, hostTime: Double) -> Double {
        let parent = parents[index]
        let parentTime = parent < 0 ? hostTime : localTime(ofLayerAt: parent, hostTime: hostTime)
        return records[index].timing.layerTime(fromParent: parentTime)
    }

    /// How fast the local time of the layer at `index` runs against host
    /// time: the product of its and its ancestors' `speed`s — 0 when one of
    /// them is paused. With ``localTime(ofLayerAt:hostTime:)``, where a
    /// medium played at the layer's time (an audio layer's file) is and how
    /// it moves.
    public func timeRate(ofLayerAt index: Int) -> Double {
        var rate = 1.0, current = index
        while current >= 0 {
            rate *= records[current].timing.speed
            current = parents[current]
        }
        return rate
    }

    /// The local time of the layer at `index` when some layers' children
    /// see their parent's time shifted: `shifts[i]` is added to the local
    /// time of the layer at `i` as its sublayers see it. A replicator's
    /// instance k draws its sublayers with the replicator's shift
    /// −k × `instanceDelay` (``CAReplicatorLayer/Instance/timeOffset``);
    /// nested replicators add their shifts.
    public func localTime(ofLayerAt index: Int, hostTime: Double, shiftingChildren shifts: [Int: Double]) -> Double {
        let parent = parents[index]
        let parentTime = parent < 0
            ? hostTime
            : localTime(ofLayerAt: parent, hostTime: hostTime, shiftingChildren: shifts) + (shifts[parent] ?? 0)
        return records[index].timing.layerTime(fromParent: parentTime)
    }

    /// The presented values of every animated property of every layer at a
    /// host time — one frame of the presentation tree.
    ///
    /// The layers' local times are computed first, in tree order; then each
    /// value type's tracks are evaluated together (see `TrackColumns`).
    public func evaluate(atHostTime hostTime: Double, tolerance: Double = 0) -> PresentationFrame {
        let localTimes = [Double](unsafeUninitializedCapacity: records.count) { times, count in
            timings.withUnsafeBufferPointer { timings in
                parents.withUnsafeBufferPointer { parents in
                    for i in 0..<timings.count {
                        let parentTime = parents[i] < 0 ? hostTime : times[parents[i]]
                        times[i] = timings[i].layerTime(fromParent: parentTime)
                    }
                }
            }
            count = records.count
        }
        let values = localTimes.withUnsafeBufferPointer { columns.evaluate(localTimes: $0, tolerance: tolerance) }
        return PresentationFrame(snapshot: self, hostTime: hostTime, values: values)
    }
}

/// The presented values of a snapshot's animated properties at one time.
public struct PresentationFrame: Sendable {
    /// The snapshot evaluated.
    public let snapshot: RenderSnapshot
    public let hostTime: Double
    /// The values, column by column; the snapshot's `slots` say where each
    /// layer's are.
    private let values: FrameValues

    init(snapshot: RenderSnapshot, hostTime: Double, values: FrameValues) {
        self.snapshot = snapshot
        self.hostTime = hostTime
        self.values = values
    }

    /// How many animated property values the frame holds.
    public var count: Int { snapshot.slots.count }

    /// The presented value of `key` of the layer at `index` in the
    /// snapshot's records, or nil when that property is not animated.
    public func value(ofLayerAt index: Int, forKey key: String) -> (any Animatable)? {
        let tracks = snapshot.records[index].tracks
        return tracks.firstIndex { $0.key == key }.map { values[snapshot.slots[snapshot.trackStarts[index] + $0]] }
    }
}
