import Foundation

extension CATiledLayer {
    /// A tiled layer's drawing, as render hosts receive it.
    public struct Tiles: Sendable, Equatable {
        /// Every tile drawn, level by level (level 0, the finest, first),
        /// each level row by row from the layer's minimum y.
        public let tiles: [Tile]
        /// The class's ``CATiledLayer/fadeDuration()``.
        public let fadeDuration: CFTimeInterval
    }

    /// One tile: its rectangle, its level of detail and what was drawn.
    public struct Tile: Sendable, Equatable {
        /// The level of detail, 0 the finest.
        public let level: Int
        /// The level's scale: 2^(`levelsOfDetailBias` − `level`).
        public let scale: CGFloat
        /// The tile's rectangle in the layer's coordinates.
        public let rect: CGRect
        /// What `draw(in:)` drew, in the tile's pixels: a layer point p is
        /// at (p − rect.origin) × scale × `contentsScale`.
        public let drawing: CGContext.Recording
    }

    /// The scale of each level of detail, finest first: 2^bias, 2^(bias−1)…
    /// for `levelsOfDetail` levels, leaving out those at which the bounds
    /// would be under a pixel wide or high.
    public var levelScales: [CGFloat] {
        (0..<max(levelsOfDetail, 1)).map { CGFloat(pow(2, Double(levelsOfDetailBias - $0))) }.filter { scale in
            let pixels = scale * contentsScale
            return bounds.width * pixels >= 1 && bounds.height * pixels >= 1
        }
    }

    /// The rectangles of the tiles covering the bounds at a level's
    /// `scale`, row by row: tiles of `tileSize` pixels, that is
    /// `tileSize ÷ (scale × contentsScale)` points, on a grid starting at
    /// the layer's coordinate origin (so tile (i, j) starts at
    /// (i × width, j × height), as the tile-picking code of Apple's
    /// examples assumes).
    public func tileRects(atScale scale: CGFloat) -> [CGRect] {
        let pixels = scale * contentsScale
        let width = tileSize.width / pixels, height = tileSize.height / pixels
        guard width > 0, height > 0, !bounds.isEmpty else { return [] }
        let columns = Int((bounds.minX / width).rounded(.down))..<Int((bounds.maxX / width).rounded(.up))
        let rows = Int((bounds.minY / height).rounded(.down))..<Int((bounds.maxY / height).rounded(.up))
        return rows.flatMap { j in
            columns.map { i in CGRect(x: CGFloat(i) * width, y: CGFloat(j) * height, width: width, height: height) }
        }
    }

    /// Calls `draw(in:)` for every tile of every level of detail, each
    /// time with a context the tile's size in pixels, whose matrix maps
    /// the tile's rectangle onto it and whose clip is that rectangle.
    public func drawTiles() -> [Tile] {
        levelScales.enumerated().flatMap { level, scale in
            tileRects(atScale: scale).map { rect in
                let pixels = scale * contentsScale
                let context = CGContext(size: CGSize(width: rect.width * pixels, height: rect.height * pixels))
                context.scaleBy(x: pixels, y: pixels)
                context.translateBy(x: -rect.minX, y: -rect.minY)
                context.clip(to: rect)
                draw(in: context)
                return Tile(level: level, scale: scale, rect: rect, drawing: context.recording)
            }
        }
    }
}
