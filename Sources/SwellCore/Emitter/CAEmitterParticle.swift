import Foundation

/// One particle at one instant: what a renderer draws.
///
/// Positions are in the emitter layer's coordinate space. A renderer draws
/// the emitting cell's ``EmitterCellState/contents`` (its `contentsRect`
/// part, at `contentsScale`) centred on ``position``, scaled by ``scale``,
/// rotated by ``rotation`` and multiplied by ``color``, in the order and
/// blending of the layer's ``CAEmitterLayerRenderMode``
/// (docs/emitter.md#drawing).
public struct CAEmitterParticle: Sendable {
    /// The centre, in the layer's coordinates.
    public var position: CGPoint
    /// The depth; used only to order particles unless the layer preserves depth.
    public var zPosition: CGFloat
    /// The velocity now, points per second (x, y, z).
    public var velocity: SIMD3<Double>
    /// The size relative to the contents' size, never negative.
    public var scale: CGFloat
    /// The rotation about z, radians.
    public var rotation: CGFloat
    /// The colour the contents are multiplied by, each component in 0…1.
    public var color: CGColor
    /// The layer time the particle was born at.
    public var birthTime: CFTimeInterval
    /// Seconds since birth, on its cell's clock.
    public var age: CFTimeInterval
    /// Seconds it lives.
    public var lifetime: CFTimeInterval
    /// The cell that emitted it: its contents and filters.
    public var cell: EmitterCellState
    /// A number that tells the particle from every other of its layer and
    /// seed, the same at every time it is alive.
    public var identity: UInt64
}
