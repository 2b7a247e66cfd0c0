import Foundation
import CCairo
import SwellCore

/// Turns a render snapshot into pixels, as the audio engine turns one into
/// samples — or into an SVG document of the same picture
/// (``svgData(_:at:into:)``).
///
/// ``render(_:at:into:)`` is a function of the snapshot, the time and the
/// canvas: it reads only the immutable snapshot, so it may run on any
/// thread — a render thread of its own — while the owning thread goes on
/// changing the model, and several frames may render at once. What it
/// keeps between frames (each snapshot's decoded layers, blurred shadow
/// shapes, video pictures converted for drawing) is a cache behind a mutex
/// and never changes a result.
public final class Renderer: Sendable {
    /// The drawers of layer kinds beyond CALayer.
    public let drawers: LayerDrawers
    let caches = RenderCaches()
    private let lastLayout = Locked<SnapshotLayout?>(nil)

    /// Whether shadows leave out what their layers' opaque backgrounds
    /// cover (``ShadowCover``): off only to check that this changes nothing.
    let coversShadows: Bool

    /// A renderer drawing layer kinds with `drawers`: by default, every
    /// Core Animation subclass SwellRender draws (``LayerDrawers/standard``).
    public convenience init(drawers: LayerDrawers = .standard) {
        self.init(drawers: drawers, coversShadows: true)
    }

    init(drawers: LayerDrawers, coversShadows: Bool) {
        self.drawers = drawers
        self.coversShadows = coversShadows
    }

    /// The snapshot's presentation at host time `time`, composited on
    /// `canvas`. The root layer is placed in the canvas as in a window's
    /// top-left-origin space.
    public func render(_ snapshot: RenderSnapshot, at time: Double, into canvas: Canvas) -> Frame {
        let surface = ImageSurface(width: canvas.pixelWidth, height: canvas.pixelHeight)
        surface.draw { cr in composite(snapshot, at: time, canvas: canvas, on: cr) }
        return Frame(canvas: canvas, surface: surface)
    }

    /// Draws the frame of ``render(_:at:into:)`` on `cr`, whatever surface
    /// it targets: pixels, or the SVG document of ``svgData(_:at:into:)``.
    func composite(_ snapshot: RenderSnapshot, at time: Double, canvas: Canvas, on cr: OpaquePointer) {
        if CairoPaths.setSource(canvas.backgroundColor, alpha: 1, on: cr) {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        guard !snapshot.records.isEmpty else { return }
        let compositor = Compositor(layout: layout(of: snapshot), frame: snapshot.evaluate(atHostTime: time),
                                    drawers: drawers, caches: caches, coversShadows: coversShadows)
        let root = compositor.state(of: 0)
        let canvasPlane = Homography(CGAffineTransform(scaleX: canvas.scale, y: canvas.scale))
        compositor.draw(0, root, on: cr, plane: Homography(plane: root.matrixToSuperlayer).concatenating(canvasPlane),
                        alpha: 1, orientation: 1)
    }

    /// The layout of `snapshot`: the last one made when it is the same
    /// snapshot, as it is for every frame between two commits.
    private func layout(of snapshot: RenderSnapshot) -> SnapshotLayout {
        if let last = lastLayout.withLock({ $0 }), last.snapshot === snapshot { return last }
        let layout = SnapshotLayout(snapshot)
        lastLayout.withLock { $0 = layout }
        return layout
    }
}
