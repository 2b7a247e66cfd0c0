/// The random numbers of the particle model, as a pure function of where
/// they are used.
///
/// A particle's attributes must not depend on how many particles were
/// drawn before it, or on the frames rendered so far: then evaluating the
/// system at any time without history gives what stepping to it gives. So
/// instead of a generator with state, each number is a hash of a counter —
/// the layer's seed, the particle's identity and the attribute — through
/// SplitMix64's finaliser (Steele, Lea & Flood, "Fast Splittable
/// Pseudorandom Number Generators", 2014), whose output passes BigCrush for
/// consecutive inputs.
struct ParticleRandom: Sendable {
    /// What a number is drawn for; each attribute of a particle has its own.
    enum Draw: UInt64 {
        case lifetime = 1, velocity, coneAngle, coneTurn, scale, spin
        case red, green, blue, alpha
        case shapeX, shapeY, shapeZ, sideX, sideY, sideZ, shapePick
    }

    /// The particle's identity, mixed from the seed and its lineage.
    let identity: UInt64

    /// The random stream of the layer's `seed`.
    init(seed: UInt32) {
        identity = Self.mix(UInt64(seed) &+ 0x5EED)
    }

    private init(identity: UInt64) {
        self.identity = identity
    }

    /// The stream of a particle: born in emission slot `slot` (see
    /// `CAEmitterParticleSystem`), `index`th of it, of cell `cell` of the
    /// emitter this stream belongs to.
    func particle(cell: Int, slot: Int64, index: Int64) -> ParticleRandom {
        var h = Self.mix(identity ^ UInt64(cell))
        h = Self.mix(h ^ UInt64(bitPattern: slot))
        h = Self.mix(h ^ UInt64(bitPattern: index))
        return ParticleRandom(identity: h)
    }

    /// A number uniform in [0, 1).
    func unit(_ draw: Draw) -> Double {
        Double(Self.mix(identity ^ (draw.rawValue &* 0x9E37_79B9_7F4A_7C15)) >> 11) * 0x1p-53
    }

    /// A number uniform in [-1, 1): the factor of a `…Range`.
    func symmetric(_ draw: Draw) -> Double {
        2 * unit(draw) - 1
    }

    /// SplitMix64's finaliser: a bijection of 64-bit words with full
    /// avalanche.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
