import Foundation

/// Layer geometry: the frame, coordinate conversion and hit testing.
///
/// A layer's coordinate space is its bounds. Its `position` places its
/// anchor point (`bounds.origin + anchorPoint·bounds.size`, at
/// `anchorPointZ`) in the superlayer's space, `transform` turns it about that
/// point, and the superlayer's `sublayerTransform` turns all of its
/// sublayers about the superlayer's own anchor point (Apple's CALayer
/// reference, `anchorPoint` and `sublayerTransform`). Each layer is flattened
/// into its superlayer's plane, as Core Animation renders it: a point maps up
/// one level by projecting through that level's matrix with the perspective
/// divide.
extension CALayer {
    /// The anchor point in the layer's own coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The matrix from the layer's coordinates to its superlayer's, with
    /// (`includingParentSublayerTransform`) or without the superlayer's
    /// `sublayerTransform`.
    func matrixToSuperlayer(includingParentSublayerTransform: Bool = true) -> CATransform3D {
        let anchor = anchorInBounds
        var matrix = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        matrix = CATransform3DConcat(matrix, transform)
        matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if includingParentSublayerTransform, let parent = superlayer, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let pivot = parent.anchorInBounds
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
            matrix = CATransform3DConcat(matrix, parent.sublayerTransform)
            matrix = CATransform3DConcat(matrix, CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
        }
        return matrix
    }

    /// The frame: the bounds as they appear in the superlayer (the bounding
    /// box of the transformed bounds). Setting it sets `position` and
    /// `bounds.size` for an untransformed layer, as Apple documents; the
    /// frame of a transformed layer is not settable and the change is ignored.
    public var frame: CGRect {
        get { matrixToSuperlayer(includingParentSublayerTransform: false).projection(of: bounds) ?? .null }
        set {
            guard CATransform3DIsIdentity(transform) else {
                CADiagnostics.warn("\(debugName): frame set on a transformed layer ignored")
                return
            }
            let size = CGSize(width: newValue.width, height: newValue.height)
            bounds = CGRect(origin: bounds.origin, size: size)
            position = CGPoint(x: newValue.minX + anchorPoint.x * size.width, y: newValue.minY + anchorPoint.y * size.height)
        }
    }

    /// The transform as an affine transform (its 2D part).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets the transform from an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The point in the host's space (the root's superlayer space), or nil
    /// when it maps behind the eye.
    private func hostPoint(from point: CGPoint) -> CGPoint? {
        var current: CALayer? = self, p = point
        while let layer = current {
            guard let mapped = layer.matrixToSuperlayer().projection(of: p) else { return nil }
            p = mapped
            current = layer.superlayer
        }
        return p
    }

    /// The point in the layer's space from the host's space.
    private func layerPoint(fromHost point: CGPoint) -> CGPoint? {
        var p = point
        for layer in ancestry {
            guard let mapped = layer.matrixToSuperlayer().inverseProjection(of: p) else { return nil }
            p = mapped
        }
        return p
    }

    /// Converts `p` from `l`'s coordinate space (the host's when nil) to the
    /// receiver's. Points that cannot be mapped (an edge-on layer) give
    /// infinite coordinates.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        let host = l.map { $0.hostPoint(from: p) } ?? p
        return host.flatMap(layerPoint(fromHost:)) ?? CGPoint(x: CGFloat.infinity, y: .infinity)
    }

    /// Converts `p` from the receiver's coordinate space to `l`'s (the
    /// host's when nil).
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        guard let host = hostPoint(from: p) else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return l.map { $0.layerPoint(fromHost: host) ?? CGPoint(x: CGFloat.infinity, y: .infinity) } ?? host
    }

    /// Converts a rectangle from `l`'s space: the bounding box of its
    /// converted corners.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        boundingBox(of: corners(of: r).map { convert($0, from: l) })
    }

    /// Converts a rectangle to `l`'s space: the bounding box of its
    /// converted corners.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        boundingBox(of: corners(of: r).map { convert($0, to: l) })
    }

    private func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    private func boundingBox(of points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// Hit testing as `-[CALayer hitTest:]`: `p` is in the superlayer's
    /// space; hidden layers and their sublayers are skipped; sublayers are
    /// tried front to back (the higher `zPosition` first, then the later
    /// sibling); a layer that masks to its bounds hides the parts of its
    /// sublayers outside them.
    func hitTestSubtree(_ p: CGPoint) -> CALayer? {
        guard !isHidden, let local = matrixToSuperlayer().inverseProjection(of: p) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        let front = (sublayers ?? []).enumerated().sorted { a, b in
            a.element.zPosition != b.element.zPosition ? a.element.zPosition > b.element.zPosition : a.offset > b.offset
        }
        for (_, sublayer) in front {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
