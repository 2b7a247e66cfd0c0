/// The noise of triangular (TPDF) dither: the sum of two independent values
/// uniform in ±½, so between −1 and 1 step, densest at 0.
///
/// Drawn from a seeded generator (SplitMix64, by Steele, Lea and Flood),
/// so that the same render gives the same file.
struct TriangularDither {
    private var state: UInt64

    init(seed: UInt64 = 0x5357_454C_4C00_0001) {
        state = seed
    }

    /// The next value, in (−1, 1).
    mutating func next() -> Double {
        uniform() - uniform()
    }

    /// A value uniform in [0, 1) with 53 random bits.
    private mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
    }
}
