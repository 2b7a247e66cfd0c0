import Foundation
import SwellCore
import SwellMedia
import SwellRender

/// One figure of the CALayer guide: the PNG it becomes, its caption, the
/// window it is drawn in and the layer tree that draws it.
///
/// `build` receives the window's root layer — the view controller's
/// `self.view.layer`, light grey unless `background` says otherwise — and
/// adds the figure's views to it, as `viewDidLoad` does in the guide's
/// listings.
struct GallerySection {
    /// The PNG's name, without `.png`.
    let name: String
    let caption: String
    let width: Int
    let height: Int
    /// The window's colour.
    var background = GalleryColor.window
    /// The host time the figure is drawn at (an emitter's particles depend
    /// on it).
    var time = 0.0
    let build: (CALayer) -> Void

    /// The figure drawn by SwellRender at `time`, on a canvas of the
    /// section's size.
    func render(renderer: Renderer) -> Frame {
        renderLayerTree(width: width, height: height, background: background, time: time, renderer: renderer,
                        build: build)
    }

    /// The figure in motion from host time 0 to `end`, as a GIF at 25
    /// frames a second: frame k drawn at k/25 (docs/video.md#export).
    func writeGIF(to path: String, through end: Double, renderer: Renderer) throws {
        let snapshot = hostLayerTree(width: width, height: height, background: background, build: build)
        let canvas = Canvas(width: width, height: height)
        let times = FrameTimes(start: 0, end: end, fps: 25)
        let gif = try VideoExporter(path: path, container: .gif, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                    fps: times.fps, sound: nil, overwrite: true)
        do {
            for k in 0..<times.count {
                try gif.append(renderer.render(snapshot, at: times.time(ofFrame: k), into: canvas))
            }
            _ = try gif.finish()
        } catch {
            gif.cancel()
            throw error
        }
    }
}

/// The colours of UIKit's named colours the listings use
/// (`[UIColor redColor]`…), as `CGColor`s.
enum GalleryColor {
    static let white = CGColor.white
    static let black = CGColor.black
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    static let brown = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    static let lightGray = CGColor(gray: 2.0 / 3.0, alpha: 1)
    /// The window behind the views, as in the guide's screenshots.
    static let window = CGColor(gray: 0.9, alpha: 1)
    /// A dark window for what glows (particles) or is white on white.
    static let night = CGColor(gray: 0.12, alpha: 1)
}

/// A view as Interface Builder places it: a layer with a frame in its
/// superlayer and a background colour (white, UIView's in the guide).
@discardableResult
func galleryView(_ frame: CGRect, color: CGColor? = GalleryColor.white, in superlayer: CALayer) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    superlayer.addSublayer(layer)
    return layer
}

/// A small caption under a panel of a figure, naming what differs.
func galleryLabel(_ text: String, centeredAt point: CGPoint, width: CGFloat = 160, in superlayer: CALayer) {
    let label = CATextLayer()
    label.bounds = CGRect(x: 0, y: 0, width: width, height: 18)
    label.position = point
    label.string = text
    label.fontSize = 12
    label.foregroundColor = CGColor(gray: 0.25, alpha: 1)
    label.alignmentMode = .center
    superlayer.addSublayer(label)
}
