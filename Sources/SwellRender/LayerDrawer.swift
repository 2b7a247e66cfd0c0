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
/// A layer subclass publishes its non-animatable state as its
/// `renderState` (an immutable value of a type of its own); a drawer is
/// registered for that type in ``LayerDrawers`` and is called for every
/// layer whose record holds one, between the background and the
/// sublayers, with the masksToBounds clip set.
public protocol LayerDrawer: Sendable {
    var placement: LayerDrawingPlacement { get }
    /// Paints `layer` in `context` (user space = the layer's bounds space).
    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext)
    /// A rectangle in the layer's space containing everything `draw`
    /// paints, which may reach outside the bounds (a shape layer's path
    /// does); nil when unknown, and then offscreen work is not bounded.
    func paintedBounds(of layer: PresentedLayer) -> CGRect?
}

/// The drawers a renderer knows, by the type of the `renderState` they
/// draw.
public struct LayerDrawers: Sendable {
    private var drawers: [ObjectIdentifier: any LayerDrawer] = [:]

    public init() {}

    /// Adds `drawer` for layers whose `renderState` is a `State`.
    public mutating func register<State>(_ drawer: any LayerDrawer, forRenderState state: State.Type) {
        drawers[ObjectIdentifier(state)] = drawer
    }

    /// The drawer for a record's render state, if one is registered.
    func drawer(for renderState: (any Sendable)?) -> (any LayerDrawer)? {
        guard !drawers.isEmpty, let renderState else { return nil }
        return drawers[ObjectIdentifier(type(of: renderState))]
    }
}

/// One layer of a snapshot as a frame presents it: what a drawer reads.
public struct PresentedLayer {
    public let record: LayerRecord
    let index: Int
    let frame: PresentationFrame
    let state: LayerState

    /// The presented value of any property, a subclass's included: the
    /// frame's when animated, else the committed model value.
    public func value(forKey key: String) -> (any Animatable)? {
        frame.value(ofLayerAt: index, forKey: key) ?? record.modelValue(forKey: key)
    }

    public var bounds: CGRect { state.bounds }
    public var renderState: (any Sendable)? { record.renderState }
}
