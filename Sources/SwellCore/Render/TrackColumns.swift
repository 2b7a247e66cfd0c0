import Foundation

/// The animated properties of a snapshot, grouped by value type, so that a
/// frame evaluates each group in one pass of code specialised for its type
/// and keeps the values in plain arrays.
///
/// Evaluated property by property through a type-erased track, a
/// 10,000-layer frame spent a fifth of its time dispatching on the type and
/// boxing, copying and destroying one `any Animatable` per value. The value
/// types of CALayer's and AudioLayer's animatable properties each have a
/// column; a property of any other type is evaluated through the erased
/// track.
struct TrackColumns: Sendable {
    /// Which column a track is in.
    enum Kind: UInt8, Sendable {
        case double, float, cgFloat, point, size, rect, transform, color, other
    }

    /// Where a track's value is in a frame: its column and its position
    /// there.
    struct Slot: Sendable {
        let kind: Kind
        let index: Int32
    }

    var doubles = TrackColumn<Double>(kind: .double)
    var floats = TrackColumn<Float>(kind: .float)
    var cgFloats = TrackColumn<CGFloat>(kind: .cgFloat)
    var points = TrackColumn<CGPoint>(kind: .point)
    var sizes = TrackColumn<CGSize>(kind: .size)
    var rects = TrackColumn<CGRect>(kind: .rect)
    var transforms = TrackColumn<CATransform3D>(kind: .transform)
    var colors = TrackColumn<CGColor?>(kind: .color)
    var others = ErasedTrackColumn()

    /// Every column evaluated, each track at its layer's local time.
    func evaluate(localTimes: UnsafeBufferPointer<Double>, tolerance: Double) -> FrameValues {
        FrameValues(doubles: doubles.evaluate(localTimes: localTimes, tolerance: tolerance),
                    floats: floats.evaluate(localTimes: localTimes, tolerance: tolerance),
                    cgFloats: cgFloats.evaluate(localTimes: localTimes, tolerance: tolerance),
                    points: points.evaluate(localTimes: localTimes, tolerance: tolerance),
                    sizes: sizes.evaluate(localTimes: localTimes, tolerance: tolerance),
                    rects: rects.evaluate(localTimes: localTimes, tolerance: tolerance),
                    transforms: transforms.evaluate(localTimes: localTimes, tolerance: tolerance),
                    colors: colors.evaluate(localTimes: localTimes, tolerance: tolerance),
                    others: others.evaluate(localTimes: localTimes, tolerance: tolerance))
    }
}

/// The tracks of one value type, each with the index of its layer.
struct TrackColumn<Value: Animatable>: Sendable {
    /// Which column this is, for the slots it hands out.
    let kind: TrackColumns.Kind
    /// Unretained: the snapshot's records keep the tracks alive, and a frame
    /// would otherwise retain and release each one.
    private var tracks: [Unmanaged<PropertyTrack<Value>>] = []
    private var layers: [Int] = []

    init(kind: TrackColumns.Kind) {
        self.kind = kind
    }

    /// Adds `track` of the layer at `layer`; returns its slot.
    mutating func append(_ track: PropertyTrack<Value>, layer: Int) -> TrackColumns.Slot {
        tracks.append(.passUnretained(track))
        layers.append(layer)
        return TrackColumns.Slot(kind: kind, index: Int32(tracks.count - 1))
    }

    /// Each track's value at its layer's local time, in order.
    func evaluate(localTimes: UnsafeBufferPointer<Double>, tolerance: Double) -> [Value] {
        // No tracks, no array made: `Array(unsafeUninitializedCapacity: 0)`
        // writes its count, 0, into the standard library's one shared empty
        // array, which every thread's empty arrays read — harmless, but
        // ThreadSanitizer reports it as a race between the threads that
        // render frames and sound (the stdlib's own fixes of this pattern:
        // swiftlang/swift#21627, #27808).
        guard !tracks.isEmpty else { return [] }
        return [Value](unsafeUninitializedCapacity: tracks.count) { values, count in
            tracks.withUnsafeBufferPointer { tracks in
                layers.withUnsafeBufferPointer { layers in
                    for k in 0..<tracks.count {
                        let value = tracks[k]._withUnsafeGuaranteedRef {
                            $0.value(atLayerTime: localTimes[layers[k]], tolerance: tolerance)
                        }
                        (values.baseAddress! + k).initialize(to: value)
                    }
                }
            }
            count = tracks.count
        }
    }
}

/// The tracks of the value types without a column of their own.
struct ErasedTrackColumn: Sendable {
    private var tracks: [any AnyPropertyTrack] = []
    private var layers: [Int] = []

    mutating func append(_ track: any AnyPropertyTrack, layer: Int) -> TrackColumns.Slot {
        tracks.append(track)
        layers.append(layer)
        return TrackColumns.Slot(kind: .other, index: Int32(tracks.count - 1))
    }

    func evaluate(localTimes: UnsafeBufferPointer<Double>, tolerance: Double) -> [any Animatable] {
        tracks.indices.map { tracks[$0].presentedValue(atLayerTime: localTimes[layers[$0]], tolerance: tolerance) }
    }
}

/// One frame's values, column by column (see ``TrackColumns``).
struct FrameValues: Sendable {
    let doubles: [Double]
    let floats: [Float]
    let cgFloats: [CGFloat]
    let points: [CGPoint]
    let sizes: [CGSize]
    let rects: [CGRect]
    let transforms: [CATransform3D]
    let colors: [CGColor?]
    let others: [any Animatable]

    /// The value in `slot`.
    subscript(slot: TrackColumns.Slot) -> any Animatable {
        let i = Int(slot.index)
        switch slot.kind {
        case .double: return doubles[i]
        case .float: return floats[i]
        case .cgFloat: return cgFloats[i]
        case .point: return points[i]
        case .size: return sizes[i]
        case .rect: return rects[i]
        case .transform: return transforms[i]
        case .color: return colors[i]
        case .other: return others[i]
        }
    }
}
