import Foundation

/// A file that a layer shows as a tree of layers of its own — a Lottie
/// animation — opened when a script is read, so that a bad file is refused
/// at its place before anything plays (docs/library.md#layer-kinds).
public struct LayerDocument: Hashable, Sendable {
    /// The file, as an absolute URL.
    public let file: URL
    /// The sounds its layers play.
    public let sounds: [DocumentSound]
    private let make: @Sendable (_ soundLayer: (DocumentSound) -> CALayer?) -> CALayer
    private let identity = UUID()

    /// `make` builds a new tree of the document each time it is called,
    /// asking `soundLayer` for the layer that plays each of `sounds`.
    public init(file: URL, sounds: [DocumentSound] = [],
                make: @escaping @Sendable (_ soundLayer: (DocumentSound) -> CALayer?) -> CALayer) {
        self.file = file
        self.sounds = sounds
        self.make = make
    }

    /// A new layer tree of the document, each sound played by the layer
    /// `soundLayer` makes for it (an `AudioLayer`); none is left silent.
    public func makeLayer(soundLayer: (DocumentSound) -> CALayer? = { _ in nil }) -> CALayer {
        make(soundLayer)
    }

    public static func == (a: LayerDocument, b: LayerDocument) -> Bool { a.identity == b.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
