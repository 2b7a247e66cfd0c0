import Foundation

/// A layer drawn in tiles, at several levels of detail — Core Animation's
/// `CATiledLayer` ("iOS Core Animation: Advanced Techniques", chapter 6: a
/// 2048 × 2048 image cut into 256 × 256 tiles).
///
/// `display()` calls `draw(in:)` once per tile, at every level of detail,
/// with a context clipped to the tile: `ctx.boundingBoxOfClipPath` is the
/// tile's rectangle in the layer's coordinates and `ctx.ctm` scales to the
/// tile's pixels, as in Core Animation, so the drawing code of Apple's
/// examples picks its tile from the clip. Render hosts receive the tiles as
/// ``Tiles`` (the layer's `renderState`) and draw, of each tile, the level
/// nearest the scale they draw at. Unlike Core Animation, which draws the
/// visible tiles on background threads as they come into view, Swell draws
/// them all on the layer's thread.
open class CATiledLayer: CALayer {
    /// The largest size of a tile, in pixels; 256 × 256 by default. At
    /// `contentsScale` 2 a tile covers 128 × 128 points.
    @Dynamic("tileSize") public var tileSize = CGSize(width: 256, height: 256)
    /// How many levels of detail are drawn, each half the resolution of
    /// the one before; 1 by default. Levels whose whole layer would be
    /// less than a pixel wide or high are left out, as Apple clamps them.
    @Dynamic("levelsOfDetail") public var levelsOfDetail: Int = 1
    /// How many of the levels magnify: a bias of 2 makes the first levels
    /// 4× and 2×; 0 by default.
    @Dynamic("levelsOfDetailBias") public var levelsOfDetailBias: Int = 0

    /// The seconds a newly drawn tile takes to fade in; 0.25 for the class,
    /// and subclasses override it, as in Core Animation.
    open class func fadeDuration() -> CFTimeInterval {
        0.25
    }

    /// The tiles the last `display()` drew.
    public private(set) var tiles = Tiles(tiles: [], fadeDuration: 0.25)

    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATiledLayer { tiles = other.tiles }
    }

    /// Draws every tile of every level of detail (see ``drawTiles()``),
    /// and publishes them.
    open override func display() {
        tiles = Tiles(tiles: drawTiles(), fadeDuration: Self.fadeDuration())
        setNeedsCommit()
    }

    /// The tiles, as ``Tiles``.
    open override var renderState: (any Sendable)? {
        tiles
    }
}
