import CSDL2

/// A failure reported by SDL: what Swell was doing, and `SDL_GetError()`.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public let description: String

    /// The error SDL last reported, after `context`.
    init(_ context: String) {
        let reason = SDL_GetError().map { String(cString: $0) } ?? ""
        description = reason.isEmpty ? context : "\(context): \(reason)"
    }

    /// A failure found before SDL was asked.
    init(plain description: String) {
        self.description = description
    }
}
