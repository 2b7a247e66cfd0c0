/// The kinds of filter a layer's ``CALayer/filters`` holds: the eight
/// second-order sections of Robert Bristow-Johnson's Audio EQ Cookbook,
/// each computed as SoX's effect of the same shape computes it
/// (docs/filters.md#types).
public enum AudioFilterType: String, Sendable, CaseIterable {
    /// SoX `lowpass F Qq`: H(s) = 1 / (s² + s/Q + 1).
    case lowpass
    /// SoX `highpass F Qq`: H(s) = s² / (s² + s/Q + 1).
    case highpass
    /// SoX `bandpass F Qq`, 0 dB at the peak: H(s) = (s/Q) / (s² + s/Q + 1).
    case bandpass
    /// SoX `bandreject F Qq`: H(s) = (s² + 1) / (s² + s/Q + 1).
    case notch
    /// SoX `allpass F Qq`: H(s) = (s² − s/Q + 1) / (s² + s/Q + 1).
    case allpass
    /// SoX `equalizer F Qq GAIN`: a bell of `gain` dB at `frequency`.
    case peaking
    /// SoX `bass GAIN F Qq`: a shelf of `gain` dB below `frequency`.
    case lowshelf
    /// SoX `treble GAIN F Qq`: a shelf of `gain` dB above `frequency`.
    case highshelf

    /// The parameters the type has, each a layer property at
    /// `filters.NAME.KEY`: every type has a frequency and a Q; the bell and
    /// the shelves a gain too.
    public var parameters: [AudioFilterParameter] {
        switch self {
        case .peaking, .lowshelf, .highshelf: [.frequency, .q, .gain]
        default: [.frequency, .q]
        }
    }

    /// The parameter named `key`, if the type has one.
    public func parameter(_ key: String) -> AudioFilterParameter? {
        parameters.first { $0.key == key }
    }
}
