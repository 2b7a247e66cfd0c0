import Foundation

/// How an ``AudioLayer``'s `volume` maps to the amplitude its samples are
/// multiplied by.
///
/// Core Animation interpolates `volume` as a number; the taper decides what
/// that number means to the ear. It is not animatable.
public enum VolumeTaper: Sendable, Equatable, DiscreteAnimatable, NamedValue {
    /// Amplitude = volume. The default: a fade from 1 to 0 is a straight line
    /// of amplitude, as SoX's and FFmpeg's `tri` fades are.
    case linear
    /// Amplitude = volume³, the convention of PulseAudio and PipeWire
    /// volume sliders, where 50 % sounds about half as loud.
    case cubic
    /// Volume 1 is 0 dB and volume 0 is silence; in between, the level moves
    /// linearly in decibels from `floor` (at volume → 0) to 0 dB, so equal
    /// steps of volume are equal steps of loudness.
    case decibels(floor: Double)

    /// The amplitude for `volume`. Negative volumes are silence.
    public func amplitude(_ volume: Double) -> Double {
        guard volume > 0 else { return 0 }
        switch self {
        case .linear: return volume
        case .cubic: return volume * volume * volume
        case .decibels(let floor): return pow(10, floor * (1 - volume) / 20)
        }
    }

    public static var zero: VolumeTaper { .linear }

    /// `"linear"`, `"cubic"` or `"decibels(FLOOR)"`, FLOOR in dB, finite
    /// and below 0.
    public init?(valueNamed name: String) {
        switch name {
        case "linear": self = .linear
        case "cubic": self = .cubic
        default:
            guard name.hasPrefix("decibels("), name.hasSuffix(")"),
                  let floor = Double(name.dropFirst("decibels(".count).dropLast().trimmingCharacters(in: .whitespaces)),
                  floor.isFinite, floor < 0 else { return nil }
            self = .decibels(floor: floor)
        }
    }

    public static let valueNames = ["linear", "cubic", "decibels(FLOOR)"]
    public static let valueNameHint: String? = "with FLOOR in dB below 0, e.g. \"decibels(-60)\""
}
