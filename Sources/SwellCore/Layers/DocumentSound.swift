import Foundation

/// A sound a document plays — a Lottie audio layer's — in a file beside
/// it or embedded in it, which whoever hosts the document's layers opens
/// for the layer that plays it (docs/lottie.md#sound).
public struct DocumentSound: Hashable, Sendable {
    public enum Location: Hashable, Sendable {
        case file(URL)
        /// The encoded bytes (MP3, WAV…), embedded in the document.
        case embedded(Data)
    }

    /// The level at which the layer that plays a sound falls silent: its
    /// `volume` is the document's level in decibels on a decibel taper
    /// (SwellAudio's `VolumeTaper.decibels`), 1 at 0 dB and 0 here, linear
    /// in decibels between, as After Effects moves an audio level.
    public static let decibelFloor = -120.0

    /// The `volume` that plays a sound at `decibels`.
    public static func volume(decibels: Double) -> Double {
        1 - decibels / decibelFloor
    }

    /// The document's name for it (a Lottie asset's id).
    public let id: String
    public let location: Location

    public init(id: String, location: Location) {
        self.id = id
        self.location = location
    }
}
