import Foundation

/// The filters one audio layer's sound passes through: the layer's own
/// ``CALayer/filters`` in order, then its parent's, and so on to the root
/// (docs/filters.md#where-filters-act). Each parameter is a track,
/// evaluated in its own layer's local time, so a layer's and its
/// ancestors' timing retime a sweep as they retime any animation.
///
/// A section whose parameters hold still through a block computes its
/// coefficients once, as SoX does for the whole file; one whose
/// parameters move recomputes them at every sample from the parameters'
/// values at that sample, as Web Audio's `BiquadFilterNode` does. Both run
/// in Direct Form I on one ``FilterMemory``. The chain holds only
/// immutable tracks, so the render thread runs it without locks or
/// allocation.
struct FilterChain: Sendable {
    /// One biquad: its type, how deep its layer is (an index into
    /// `timings`) and its parameters' tracks, unretained, as
    /// ``GainChain`` keeps its volumes.
    struct Section: Sendable {
        let type: AudioFilterType
        let depth: Int
        let frequency: Unmanaged<PropertyTrack<Double>>
        let q: Unmanaged<PropertyTrack<Double>>
        let gain: Unmanaged<PropertyTrack<Double>>?
    }

    /// What identifies a section across commits: its layer, name and type.
    /// A voice's next plan keeps the memory of a chain of the same shape.
    struct Shape: Hashable, Sendable {
        let serial: UInt64
        let name: String
        let type: AudioFilterType
    }

    /// The timing of each layer from the root down to the audio layer.
    private let timings: [MediaTiming]
    private let sections: [Section]
    let shape: [Shape]
    /// Keeps the unretained tracks alive.
    private let tracks: [PropertyTrack<Double>]

    /// The chain of the layer at `index` in `snapshot`.
    init(snapshot: RenderSnapshot, index: Int) {
        let ancestry = snapshot.ancestry(ofLayerAt: index)
        timings = ancestry.map { snapshot.records[$0].timing }
        var sections: [Section] = [], shape: [Shape] = [], tracks: [PropertyTrack<Double>] = []
        for (depth, i) in ancestry.enumerated().reversed() {
            let record = snapshot.records[i]
            for filter in record.filters {
                func track(_ parameter: AudioFilterParameter) -> Unmanaged<PropertyTrack<Double>> {
                    let track = record.track(forKey: filter.keyPath(of: parameter), as: Double.self)
                        ?? PropertyTrack(key: filter.keyPath(of: parameter), constant: filter.value(of: parameter))
                    tracks.append(track)
                    return .passUnretained(track)
                }
                let hasGain = filter.type.parameter(AudioFilterParameter.gain.key) != nil
                sections.append(Section(type: filter.type, depth: depth, frequency: track(.frequency), q: track(.q),
                                        gain: hasGain ? track(.gain) : nil))
                shape.append(Shape(serial: record.serial, name: filter.name, type: filter.type))
            }
        }
        (self.sections, self.shape, self.tracks) = (sections, shape, tracks)
    }

    var isEmpty: Bool { sections.isEmpty }
    var sectionCount: Int { sections.count }

    /// Room for one block's per-frame times and parameter values,
    /// allocated up front by the ``RenderCore``.
    struct Scratch {
        let times, frequency, q, gain: UnsafeMutablePointer<Double>

        init(capacity: Int) {
            (times, frequency, q, gain) = (.allocate(capacity: capacity), .allocate(capacity: capacity),
                                           .allocate(capacity: capacity), .allocate(capacity: capacity))
            for buffer in [times, frequency, q, gain] { buffer.initialize(repeating: 0, count: capacity) }
        }

        func deallocate() {
            for buffer in [times, frequency, q, gain] { buffer.deallocate() }
        }
    }

    /// Filters `frames` interleaved frames of `channels` channels in place:
    /// mix frames from `first`, at `sampleRate`.
    func process(_ samples: UnsafeMutablePointer<Float>, frames: Int, channels: Int, from first: Int64,
                 sampleRate: Double, tolerance: Double, memory: FilterMemory, scratch: Scratch) {
        let start = Double(first) / sampleRate, end = Double(first + Int64(frames)) / sampleRate
        sections.withUnsafeBufferPointer { sections in
            timings.withUnsafeBufferPointer { timings in
                for s in 0..<sections.count {
                    let section = sections[s]
                    var (low, high) = (start, end)
                    for d in 0...section.depth { (low, high) = (timings[d].layerTime(fromParent: low),
                                                                timings[d].layerTime(fromParent: high)) }
                    let state = memory.state(ofSection: s)
                    if let held = coefficients(section, from: Swift.min(low, high), to: Swift.max(low, high),
                                               at: low, sampleRate: sampleRate, tolerance: tolerance) {
                        for c in 0..<channels {
                            Self.run(held, samples + c, stride: channels, frames: frames, state: state + 4 * c)
                        }
                    } else {
                        sweep(section, timings: timings, samples, frames: frames, channels: channels, from: first,
                              sampleRate: sampleRate, tolerance: tolerance, state: state, scratch: scratch)
                    }
                }
            }
        }
        memory.flushDenormals()
    }

    /// The section's coefficients through the block when none of its
    /// parameters moves between local times `low` and `high`; nil when one
    /// does.
    private func coefficients(_ section: Section, from low: Double, to high: Double, at time: Double,
                              sampleRate: Double, tolerance: Double) -> BiquadCoefficients? {
        func holds(_ track: Unmanaged<PropertyTrack<Double>>?) -> Bool {
            track?._withUnsafeGuaranteedRef { $0.isConstant(from: low, to: high) } ?? true
        }
        guard holds(section.frequency), holds(section.q), holds(section.gain) else { return nil }
        func value(_ track: Unmanaged<PropertyTrack<Double>>?) -> Double {
            track?._withUnsafeGuaranteedRef { $0.value(atLayerTime: time, tolerance: tolerance) } ?? 0
        }
        return BiquadCoefficients(section.type, frequency: value(section.frequency), q: value(section.q),
                                  gain: value(section.gain), sampleRate: sampleRate)
    }

    /// A moving section: the parameters at every frame's local time, and
    /// the coefficients from them at every frame.
    private func sweep(_ section: Section, timings: UnsafeBufferPointer<MediaTiming>,
                       _ samples: UnsafeMutablePointer<Float>, frames: Int, channels: Int, from first: Int64,
                       sampleRate: Double, tolerance: Double, state: UnsafeMutablePointer<Double>,
                       scratch: Scratch) {
        let times = scratch.times
        for n in 0..<frames {
            var t = Double(first + Int64(n)) / sampleRate
            for d in 0...section.depth { t = timings[d].layerTime(fromParent: t) }
            times[n] = t
        }
        section.frequency._withUnsafeGuaranteedRef {
            $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: scratch.frequency)
        }
        section.q._withUnsafeGuaranteedRef {
            $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: scratch.q)
        }
        if let gain = section.gain {
            gain._withUnsafeGuaranteedRef {
                $0.values(atLayerTimes: times, count: frames, tolerance: tolerance, into: scratch.gain)
            }
        } else {
            scratch.gain.update(repeating: 0, count: frames)
        }
        for n in 0..<frames {
            let k = BiquadCoefficients(section.type, frequency: scratch.frequency[n], q: scratch.q[n],
                                       gain: scratch.gain[n], sampleRate: sampleRate)
            for c in 0..<channels { Self.run(k, samples + n * channels + c, stride: channels, frames: 1,
                                             state: state + 4 * c) }
        }
    }

    /// Direct Form I over `frames` samples `stride` apart, with the
    /// section's memory `[x1, x2, y1, y2]`, in `Double` as SoX runs it.
    @inline(__always)
    private static func run(_ k: BiquadCoefficients, _ samples: UnsafeMutablePointer<Float>, stride: Int, frames: Int,
                            state: UnsafeMutablePointer<Double>) {
        var (x1, x2, y1, y2) = (state[0], state[1], state[2], state[3])
        var p = samples
        for _ in 0..<frames {
            let x = Double(p.pointee)
            let y = k.b0 * x + k.b1 * x1 + k.b2 * x2 - k.a1 * y1 - k.a2 * y2
            (x2, x1, y2, y1) = (x1, x, y1, y)
            p.pointee = Float(y)
            p += stride
        }
        (state[0], state[1], state[2], state[3]) = (x1, x2, y1, y2)
    }
}
