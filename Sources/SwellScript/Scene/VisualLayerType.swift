import Foundation

/// The layer types of a scene (docs/scripts.md#visual-layers) and the Core
/// Animation classes they create.
extension LayerSpec.LayerType {
    /// The class a visual layer type creates; nil for the generic, audio and
    /// mixer layers, which the integrator builds itself.
    public var visualClass: CALayer.Type? {
        switch self {
        case .layer, .audio, .mixer: nil
        case .shape: CAShapeLayer.self
        case .text: CATextLayer.self
        case .gradient: CAGradientLayer.self
        case .replicator: CAReplicatorLayer.self
        case .transformLayer: CATransformLayer.self
        case .scroll: CAScrollLayer.self
        case .tiled: CATiledLayer.self
        case .emitter: CAEmitterLayer.self
        case .video: VideoLayer.self
        }
    }

    /// A layer of the type, for checking keys and values against: which
    /// properties it has, and of which types. A generic layer has
    /// `CALayer`'s besides its dynamic ones; audio and mixer layers have
    /// only their numbers.
    var prototype: CALayer? {
        switch self {
        case .layer: CALayer()
        default: visualClass?.init()
        }
    }
}
