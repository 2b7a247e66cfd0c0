import Foundation

/// Where contents go in the bounds, for a renderer to draw them.
extension CALayerContentsGravity {
    /// The rectangle, in the layer's coordinates, that contents of `size`
    /// (in points: an image's pixels ÷ `contentsScale`, times the part
    /// `contentsRect` shows) fill inside `bounds`, by Apple's definitions:
    ///
    /// - `.resize` fills the bounds; `.resizeAspect` scales to fit inside
    ///   them, `.resizeAspectFill` to cover them, both keeping the aspect
    ///   ratio and centred;
    /// - the others keep the size and align an edge or corner. As Apple's
    ///   CALayer reference says, "bottom always means minimum Y and top
    ///   always means maximum Y": in Swell's y-down coordinates, as on iOS,
    ///   `.top` is at the bottom edge of an unflipped layer.
    ///
    /// An unknown gravity resizes, as the default does.
    public func rect(forContentsOfSize size: CGSize, in bounds: CGRect) -> CGRect {
        let width = abs(size.width), height = abs(size.height)
        func placed(_ w: CGFloat, _ h: CGFloat, x: CGFloat, y: CGFloat) -> CGRect {
            // x and y: 0 min edge, 0.5 centred, 1 max edge.
            CGRect(x: bounds.minX + (bounds.width - w) * x, y: bounds.minY + (bounds.height - h) * y, width: w, height: h)
        }
        switch self {
        case .resizeAspect, .resizeAspectFill:
            guard width > 0, height > 0 else { return placed(0, 0, x: 0.5, y: 0.5) }
            let sx = bounds.width / width, sy = bounds.height / height
            let scale = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return placed(width * scale, height * scale, x: 0.5, y: 0.5)
        case .center: return placed(width, height, x: 0.5, y: 0.5)
        case .top: return placed(width, height, x: 0.5, y: 1)
        case .bottom: return placed(width, height, x: 0.5, y: 0)
        case .left: return placed(width, height, x: 0, y: 0.5)
        case .right: return placed(width, height, x: 1, y: 0.5)
        case .topLeft: return placed(width, height, x: 0, y: 1)
        case .topRight: return placed(width, height, x: 1, y: 1)
        case .bottomLeft: return placed(width, height, x: 0, y: 0)
        case .bottomRight: return placed(width, height, x: 1, y: 0)
        default: return bounds
        }
    }
}
