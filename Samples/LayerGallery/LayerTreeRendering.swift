import Foundation
import SwellCore
import SwellRender

/// A layer tree drawn by SwellRender — what every picture here is, the
/// figures, the images they use and the contact sheet.
///
/// `build` fills a `width` × `height`-point root layer before it is
/// hosted, as `viewDidLoad` runs before the view is in a window: the
/// properties it sets take effect at once, with no implicit animation.
/// The tree is then hosted on a manual clock at `time`, one frame of the
/// run loop runs (layout, display of the layers that asked for it with
/// `setNeedsDisplay()`, the commit), and the snapshot is composited at
/// `scale` pixels per point.
func renderLayerTree(width: Int, height: Int, scale: Double = 1, background: CGColor? = nil, time: Double = 0,
                     renderer: Renderer, build: (CALayer) throws -> Void) rethrows -> Frame {
    let snapshot = try hostLayerTree(width: width, height: height, background: background, time: time, build: build)
    return renderer.render(snapshot, at: time, into: Canvas(width: width, height: height, scale: scale))
}

/// The snapshot of the tree `build` fills, hosted on a manual clock at
/// `time` after one frame of the run loop — what ``renderLayerTree`` draws,
/// and what a moving figure draws at later times too.
func hostLayerTree(width: Int, height: Int, background: CGColor? = nil, time: Double = 0,
                   build: (CALayer) throws -> Void) rethrows -> RenderSnapshot {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.position = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
    root.backgroundColor = background
    try build(root)
    let clock = ManualClock(time: time)
    let host = HeadlessHost(rootLayer: root, clock: clock)
    host.displayFrame(at: time)
    return host.latestSnapshot!
}
