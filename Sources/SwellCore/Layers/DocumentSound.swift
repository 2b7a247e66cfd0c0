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

    /// The document's name for it (a Lottie asset's id).
    public let id: String
    public let location: Location

    public init(id: String, location: Location) {
        self.id = id
        self.location = location
    }
}
