import Foundation

/// The particles of a committed emitter layer, as a pure function of time.
///
/// Nothing is simulated frame by frame. Particle *n* of a cell is born at
/// the cell's local time *n* / *r*, *r* being the cell's `birthRate` times
/// the layer's; every random attribute is a hash of the layer's `seed`, the
/// particle's lineage and the attribute (`ParticleRandom`); and motion,
/// scale, spin and colour are closed forms of the particle's age under
/// constant acceleration and rates. So ``particles(atLayerTime:)`` at any
/// time, without history, gives what stepping there would: seeking and
/// rendering a frame again give the same particles.
///
/// Attributes are taken at each particle's birth from the presented layer
/// — animations of the layer's and the cells' properties included — so a
/// particle keeps the values it was born with. To follow a `birthRate`
/// animation, time is cut into slots of 1/64 s: the rate at a slot's start
/// holds through the slot, and the slot's number is part of its particles'
/// identity. Without animations the whole stream is one slot's rate
/// (docs/emitter.md#the-particle-model).
public struct CAEmitterParticleSystem: Sendable {
    /// The layer as committed.
    public let record: LayerRecord
    /// Its cells and non-animatable properties.
    public let state: EmitterRenderState
    /// Passed to the record's presented values (see
    /// ``RenderHost/evaluationTolerance``).
    public let tolerance: Double

    /// The length of an emission slot: a power of two, so slot boundaries
    /// are exact.
    static let slotLength = 1.0 / 64

    /// The system of an emitter layer's record; nil for another layer's.
    public init?(record: LayerRecord, tolerance: Double = 0) {
        guard let state = record.renderState as? EmitterRenderState else { return nil }
        self.record = record
        self.state = state
        self.tolerance = tolerance
    }

    /// The particles alive at `time` of the layer's local time, in the order
    /// the layer's ``CAEmitterLayerRenderMode`` draws them.
    public func particles(atLayerTime time: Double) -> [CAEmitterParticle] {
        var emission = Emission(system: self)
        let layer = Source(origin: 0, scale: 1, start: 0, end: .infinity, now: time,
                           random: ParticleRandom(seed: state.seed), trajectory: nil)
        emission.emit(state.emitterCells, from: layer)
        return ordered(emission.particles)
    }

    /// `particles` in the render mode's drawing order; ties keep the
    /// emission order (cell by cell, oldest first), so the order is as
    /// deterministic as the particles.
    private func ordered(_ particles: [CAEmitterParticle]) -> [CAEmitterParticle] {
        func sorted(by key: (CAEmitterParticle) -> Double) -> [CAEmitterParticle] {
            particles.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
        }
        switch state.renderMode {
        case .oldestFirst: return sorted { $0.birthTime }
        case .oldestLast: return sorted { -$0.birthTime }
        case .backToFront: return sorted { Double($0.zPosition) }
        default: return particles
        }
    }

    /// The layer's presented value of `key` at layer time `time`.
    func layerValue(_ key: String, at time: Double) -> (any Animatable)? {
        record.presentedValue(forKey: key, atLayerTime: time, tolerance: tolerance)
    }

    /// A cell's presented attribute at layer time `time`: through the
    /// layer's key path when the cell has one (it may be set or animated
    /// there), else as frozen.
    func cellValue(_ cell: EmitterCellState, _ key: String, at time: Double) -> (any Animatable)? {
        guard let prefix = cell.keyPrefix else { return cell.attributes[key] }
        return layerValue(prefix + key, at: time)
    }
}

/// What emits a cell's particles: the layer's shape, or a parent particle.
struct Source {
    /// Layer time = `origin` + `scale` × source time. The source's time is
    /// the layer's local time, or the parent particle's age.
    var origin: Double, scale: Double
    /// Source times between which the source emits: from 0, until the
    /// parent particle dies.
    var start: Double, end: Double
    /// The source time now.
    var now: Double
    /// The lineage's random stream.
    var random: ParticleRandom
    /// The parent particle's motion; nil for the layer's shape.
    var trajectory: Trajectory?
}

/// Motion under constant acceleration: p(a) = p₀ + v₀a + ½ga².
struct Trajectory {
    var start: SIMD3<Double>, velocity: SIMD3<Double>, acceleration: SIMD3<Double>

    func position(at age: Double) -> SIMD3<Double> {
        start + velocity * age + acceleration * (0.5 * age * age)
    }

    func velocity(at age: Double) -> SIMD3<Double> {
        velocity + acceleration * age
    }
}
