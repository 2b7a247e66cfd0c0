import Foundation
import SwellCore

/// Where a layer kind's own drawing goes relative to its `contents`, in
/// Core Animation's order: a shape layer draws its path over the contents;
/// a gradient or text layer draws under them.
public enum LayerDrawingPlacement: Sendable {
    case underContents
    case overContents
}

/// The drawing of one kind of layer — a shape, a gradient, text — beside
/// what every CALayer draws (background, contents, border).
///
/// A drawer is registered in ``LayerDrawers`` for a layer class and is
/// called for every layer whose record's `layerClass` is that class or a
/// subclass of it (docs/layers.md: a renderer tells how to draw a layer by
/// `record.layerClass`), between the background and the sublayers, with
/// the masksToBounds clip set. It reads the layer's properties by key
/// through ``PresentedLayer/value(forKey:)`` and any state that is not a
/// value from `renderState`.
public protocol LayerDrawer: Sendable {
    var placement: LayerDrawingPlacement { get }
    /// Paints `layer` in `context` (user space = the layer's bounds space).
    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext)
    /// A rectangle in the layer's space containing everything `draw`
    /// paints, which may reach outside the bounds (a shape layer's path
    /// does); nil when unknown, and then offscreen work is not bounded.
    func paintedBounds(of layer: PresentedLayer) -> CGRect?
}

/// The drawers a renderer knows, by layer class.
public struct LayerDrawers: Sendable {
    private struct Entry: Sendable {
        let matches: @Sendable (CALayer.Type) -> Bool
        let drawer: any LayerDrawer
    }

    /// Latest registration first, so that a drawer for a subclass
    /// registered after its superclass's wins.
    private var entries: [Entry] = []

    /// No drawers: layers draw only what every CALayer draws.
    public init() {}

    /// Adds `drawer` for layers of class `layerClass` and its subclasses.
    public mutating func register<Layer: CALayer>(_ drawer: any LayerDrawer, for layerClass: Layer.Type) {
        entries.insert(Entry(matches: { $0 is Layer.Type }, drawer: drawer), at: 0)
    }

    /// The drawer for a record's layer class, if one is registered.
    func drawer(for record: LayerRecord) -> (any LayerDrawer)? {
        entries.first { $0.matches(record.layerClass) }?.drawer
    }
}

/// One layer of a snapshot as a frame presents it: what a drawer reads.
public struct PresentedLayer {
    public let record: LayerRecord
    let index: Int
    let frame: PresentationFrame
    /// The layer's local time when a replicator instance shifts it, else nil.
    let layerTime: Double?
    let state: LayerState
    /// An emitter layer's matrix into the 3D space its particles inhabit
    /// with `preservesDepth` (``ParticleDepth``); nil for the root.
    let particleSpace: CATransform3D?

    /// The presented value of any property, a subclass's included: the
    /// frame's when animated, else the committed model value.
    public func value(forKey key: String) -> (any Animatable)? {
        if let layerTime { return record.presentedValue(forKey: key, atLayerTime: layerTime, tolerance: 0) }
        return frame.value(ofLayerAt: index, forKey: key) ?? record.modelValue(forKey: key)
    }

    /// The layer's local time in this frame (Apple's `convertTime(_:from:)`
    /// from the host's time), shifted inside a replicator instance.
    public var localTime: Double {
        layerTime ?? frame.snapshot.localTime(ofLayerAt: index, hostTime: frame.hostTime)
    }

    public var bounds: CGRect { state.bounds }

    /// Adds the bounds with the layer's rounded corners (`cornerRadius`,
    /// clamped to half the shorter side, on its `maskedCorners`) to the
    /// current path: the shape the background fills.
    public func addRoundedBounds(to cr: OpaquePointer) {
        CairoPaths.addRoundedRect(state.bounds, radius: state.effectiveCornerRadius, corners: state.maskedCorners, to: cr)
    }
    public var renderState: (any Sendable)? { record.renderState }
}
