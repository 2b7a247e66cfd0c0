import Foundation

/// What a ``CGContext`` records: the display list a visual renderer replays.
///
/// Paths are recorded in the context's base coordinates (the layer's
/// bounds), transformed by the matrix in effect when each point was added,
/// as Core Graphics does. A stroke also keeps the matrix in effect when it
/// was stroked, because Core Graphics strokes with the pen of that matrix:
/// a line width of 1 under `scaleBy(x: 4, y: 1)` is 4 wide across vertical
/// lines and 1 across horizontal ones.
extension CGContext {
    /// The pen a path is stroked with.
    public struct StrokeStyle: Sendable, Equatable {
        public var lineWidth: CGFloat = 1
        public var lineCap: CGLineCap = .butt
        public var lineJoin: CGLineJoin = .miter
        /// Core Graphics' default miter limit.
        public var miterLimit: CGFloat = 10
        public var dashPhase: CGFloat = 0
        /// Alternating painted and unpainted lengths; empty for a solid line.
        public var dashLengths: [CGFloat] = []
        /// The current transformation matrix when the path was stroked.
        public var transform: CGAffineTransform = .identity

        /// Core Graphics' default pen: 1 wide, butt caps, miter joins, solid.
        public init() {}
    }

    /// One recorded drawing operation.
    public enum Operation: Sendable, Equatable {
        /// `saveGState()`: the clip to come is undone by the matching restore.
        case saveGState
        /// `restoreGState()`.
        case restoreGState
        /// A path filled with a colour (its alpha already multiplied by the
        /// context's alpha).
        case fill(PathValue, rule: CGPathFillRule, color: CGColor)
        /// A path stroked with a colour and a pen.
        case stroke(PathValue, style: StrokeStyle, color: CGColor)
        /// The clip intersected with a path's interior (`clip(using:)`, or
        /// `clip(to:)`'s rectangle under the matrix in effect).
        case clip(PathValue, rule: CGPathFillRule)
        /// A layer and its sublayers drawn by ``CALayer/render(in:)``.
        case layerTree(LayerTree)
    }

    /// What ``CALayer/render(in:)`` records: the model of a layer tree,
    /// placed in the context's coordinates by the matrix in effect, and the
    /// context's alpha. A renderer composites it as it composites a tree
    /// of its own, the root's bounds in the root's coordinate space.
    public struct LayerTree: Sendable, Equatable {
        /// The tree, from the layers' model values (the root at index 0).
        public let snapshot: RenderSnapshot
        /// The current transformation matrix when the tree was rendered:
        /// from the root layer's coordinates to the context's.
        public let transform: CGAffineTransform
        /// The opacity the whole tree is multiplied by.
        public let alpha: CGFloat

        /// The same tree (one snapshot object), placed and faded alike.
        public static func == (lhs: LayerTree, rhs: LayerTree) -> Bool {
            lhs.snapshot === rhs.snapshot && lhs.transform == rhs.transform && lhs.alpha == rhs.alpha
        }
    }

    /// A finished drawing: the context's size and its operations in order.
    /// What a render snapshot publishes as the layer's contents
    /// (``LayerContents/drawing(_:)``): a `Sendable` value a render host
    /// replays on its own thread.
    public struct Recording: Sendable, Equatable {
        public let size: CGSize
        public let operations: [Operation]
    }

    /// Everything drawn so far, as an immutable value.
    public var recording: Recording {
        Recording(size: size, operations: operations)
    }
}
