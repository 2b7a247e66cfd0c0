import Foundation

/// A file that a layer shows as a tree of layers of its own — a Lottie
/// animation — opened when a script is read, so that a bad file is refused
/// at its place before anything plays (docs/library.md#layer-kinds).
public struct LayerDocument: Hashable, Sendable {
    /// The file, as an absolute URL.
    public let file: URL
    private let make: @Sendable () -> CALayer
    private let identity = UUID()

    /// `make` builds a new tree of the document each time it is called.
    public init(file: URL, make: @escaping @Sendable () -> CALayer) {
        self.file = file
        self.make = make
    }

    /// A new layer tree of the document.
    public func makeLayer() -> CALayer {
        make()
    }

    public static func == (a: LayerDocument, b: LayerDocument) -> Bool { a.identity == b.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
