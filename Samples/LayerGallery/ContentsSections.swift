import Foundation
import SwellCore

// The guide's chapter on contents: an image as `contents`, how
// `contentsGravity` and `contentsScale` place it, `masksToBounds`,
// `contentsRect` sprites, `contentsCenter` stretching and drawing through
// the layer's delegate.

extension GallerySection {
    /// Listings 2.1–2.2 and figures 2.1–2.5: the snowman set as a view's
    /// `contents`, stretched by the default `.resize`, fitted by
    /// `.resizeAspect`, centred at one pixel per point (too big), centred
    /// with `contentsScale = image.scale`, then clipped by `masksToBounds`.
    static var contentsGravity: GallerySection {
        GallerySection(name: "contents-gravity", caption: "contents and contentsGravity", width: 850, height: 340) { view in
            let steps: [(String, CALayerContentsGravity, CGFloat, Bool)] = [
                ("resize", .resize, 1, false),
                ("resizeAspect", .resizeAspect, 1, false),
                ("center, scale 1", .center, 1, false),
                ("center, scale 2", .center, GalleryImages.snowmanScale, false),
                ("+ masksToBounds", .center, GalleryImages.snowmanScale, true),
            ]
            for (index, (label, gravity, scale, masks)) in steps.enumerated() {
                let x = 25 + 170 * CGFloat(index)
                let layerView = galleryView(CGRect(x: x, y: 110, width: 120, height: 120), in: view)
                // layerView.layer.contents = (__bridge id)image.CGImage;
                layerView.contents = GalleryImages.snowman
                layerView.contentsGravity = gravity
                layerView.contentsScale = scale
                layerView.masksToBounds = masks
                galleryLabel(label, centeredAt: CGPoint(x: x + 60, y: 328), in: view)
            }
        }
    }

    /// Listing 2.3, figures 2.7–2.8: one sprite sheet, four layers, each
    /// showing a quarter of it through `contentsRect`.
    static var contentsRect: GallerySection {
        GallerySection(name: "contents-rect", caption: "contentsRect sprites", width: 640, height: 180) { view in
            let sheet = galleryView(CGRect(x: 20, y: 26, width: 128, height: 128), in: view)
            sheet.contents = GalleryImages.spriteSheet
            galleryLabel("Sprites.png", centeredAt: CGPoint(x: 84, y: 168), in: view)
            func addSpriteImage(_ image: CGImage, withContentRect rect: CGRect, toLayer layer: CALayer) {
                layer.contents = image
                // scale contents to fit
                layer.contentsGravity = .resizeAspect
                layer.contentsRect = rect
            }
            let image = GalleryImages.spriteSheet
            let views = (0..<4).map { galleryView(CGRect(x: 178 + 115 * CGFloat($0), y: 40, width: 100, height: 100), in: view) }
            let (iglooView, coneView, anchorView, shipView) = (views[0], views[1], views[2], views[3])
            addSpriteImage(image, withContentRect: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), toLayer: iglooView)
            addSpriteImage(image, withContentRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5), toLayer: coneView)
            addSpriteImage(image, withContentRect: CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), toLayer: anchorView)
            addSpriteImage(image, withContentRect: CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), toLayer: shipView)
        }
    }

    /// Listing 2.4, figures 2.9–2.10: a 60-pixel button image stretched
    /// over two buttons of other shapes; with `contentsCenter`
    /// {0.25, 0.25, 0.5, 0.5} its rounded corners and border keep their size.
    static var contentsCenter: GallerySection {
        GallerySection(name: "contents-center", caption: "contentsCenter stretching", width: 420, height: 240) { view in
            func addStretchableImage(_ image: CGImage, withContentCenter rect: CGRect, toLayer layer: CALayer) {
                layer.contents = image
                layer.contentsCenter = rect
            }
            let image = GalleryImages.button
            let button1 = galleryView(CGRect(x: 30, y: 40, width: 220, height: 60), color: nil, in: view)
            let button2 = galleryView(CGRect(x: 300, y: 30, width: 80, height: 180), color: nil, in: view)
            addStretchableImage(image, withContentCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), toLayer: button1)
            addStretchableImage(image, withContentCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), toLayer: button2)
            // For comparison, the same image without contentsCenter.
            let plain = galleryView(CGRect(x: 30, y: 140, width: 220, height: 60), color: nil, in: view)
            plain.contents = image
            galleryLabel("contentsCenter {0.25, 0.25, 0.5, 0.5}", centeredAt: CGPoint(x: 140, y: 118), width: 260, in: view)
            galleryLabel("default {0, 0, 1, 1}", centeredAt: CGPoint(x: 140, y: 218), width: 260, in: view)
        }
    }

    /// Listing 2.5, figure 2.12: a blue sublayer whose delegate strokes a
    /// thick red circle in `draw(_:in:)`. Drawing is clipped to the
    /// bounds, so the outer half of the 10-point pen is cut off.
    static var customDrawing: GallerySection {
        GallerySection(name: "custom-drawing", caption: "custom drawing (delegate)", width: 300, height: 300) { view in
            let layerView = galleryView(CGRect(x: 50, y: 50, width: 200, height: 200), in: view)
            let blueLayer = CALayer()
            blueLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            blueLayer.backgroundColor = GalleryColor.blue
            // set controller as layer delegate
            blueLayer.delegate = CircleDrawingDelegate.shared
            // ensure that layer backing image uses correct scale: the
            // canvas's, one pixel per point
            blueLayer.contentsScale = 1
            // add layer to our view
            layerView.addSublayer(blueLayer)
            // force layer to redraw
            blueLayer.display()
        }
    }
}

/// The view controller of listing 2.5 in its role as the layer's delegate.
final class CircleDrawingDelegate: CALayerDelegate, Sendable {
    /// A layer keeps its delegate weakly; this one lives as long as the
    /// program, as a view controller outlives its view.
    static let shared = CircleDrawingDelegate()

    func draw(_ layer: CALayer, in ctx: CGContext) {
        // draw a thick red circle
        ctx.setLineWidth(10)
        ctx.setStrokeColor(GalleryColor.red)
        ctx.strokeEllipse(in: layer.bounds)
    }
}
