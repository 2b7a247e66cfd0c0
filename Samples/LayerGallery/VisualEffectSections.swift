import Foundation
import SwellCore

// The guide's chapter on visual effects: rounded corners, borders,
// shadows and their clipping, `shadowPath`, masks, scaling filters and
// group opacity.

extension GallerySection {
    /// Figures 4.1–4.2: two white views with `cornerRadius` 20, each with
    /// a red subview over its top-left corner; the rounding clips the
    /// subview only where `masksToBounds` is set (right).
    static var corners: GallerySection {
        GallerySection(name: "corners", caption: "cornerRadius", width: 520, height: 300) { view in
            twoRoundedViews(in: view, border: false)
        }
    }

    /// Figures 4.3–4.4: the same views with a 5-point black `borderWidth`,
    /// drawn inside the bounds, over the subviews, following the corners.
    static var borders: GallerySection {
        GallerySection(name: "borders", caption: "borders", width: 520, height: 300) { view in
            twoRoundedViews(in: view, border: true)
        }
    }

    /// The project of figures 4.1–4.4: `layerView1` and `layerView2`, 200
    /// points square, a red 80-point subview over the top-left corner.
    @discardableResult
    static func twoRoundedViews(in view: CALayer, border: Bool, shadowView: CALayer? = nil)
        -> (layerView1: CALayer, layerView2: CALayer) {
        let layerView1 = galleryView(CGRect(x: 40, y: 50, width: 200, height: 200), in: view)
        let layerView2 = galleryView(CGRect(x: 280, y: 50, width: 200, height: 200), in: shadowView ?? view)
        if let shadowView { layerView2.frame = shadowView.bounds }
        for layerView in [layerView1, layerView2] {
            galleryView(CGRect(x: -20, y: -20, width: 80, height: 80), color: GalleryColor.red, in: layerView)
            // set the corner radius on our layers
            layerView.cornerRadius = 20.0
            if border {
                // add a border to our layers
                layerView.borderWidth = 5.0
            }
        }
        // enable clipping on the second layer
        layerView2.masksToBounds = true
        return (layerView1, layerView2)
    }

    /// Figures 4.5–4.6: `shadowOpacity` alone gives iOS's default shadow,
    /// 3 points *up* with a 3-point blur; an offset of (0, 5) puts it
    /// below, and `shadowRadius` softens its edge.
    static var shadows: GallerySection {
        GallerySection(name: "shadows", caption: "shadows", width: 560, height: 240) { view in
            let settings: [(String, Float, CGSize, CGFloat)] = [
                ("opacity 1 (defaults)", 1, CGSize(width: 0, height: -3), 3),
                ("offset (0, 5), radius 0", 0.5, CGSize(width: 0, height: 5), 0),
                ("offset (0, 5), radius 10", 0.5, CGSize(width: 0, height: 5), 10),
            ]
            for (index, (label, opacity, offset, radius)) in settings.enumerated() {
                let x = 40 + 180 * CGFloat(index)
                let layerView = galleryView(CGRect(x: x, y: 40, width: 120, height: 120), in: view)
                layerView.shadowOpacity = opacity
                layerView.shadowOffset = offset
                layerView.shadowRadius = radius
                galleryLabel(label, centeredAt: CGPoint(x: x + 60, y: 210), width: 170, in: view)
            }
        }
    }

    /// Listing 4.3, figures 4.8–4.10: a shadow follows what the layer
    /// draws, so clipping the layer clips its shadow too. The right view
    /// clips its red subview and takes its shadow from an outer
    /// `shadowView` that does not clip.
    static var shadowClipping: GallerySection {
        GallerySection(name: "shadow-clipping", caption: "shadow clipping", width: 520, height: 300) { view in
            let shadowView = galleryView(CGRect(x: 280, y: 50, width: 200, height: 200), color: nil, in: view)
            let (layerView1, _) = twoRoundedViews(in: view, border: true, shadowView: shadowView)
            // add a shadow to layerView1
            layerView1.shadowOpacity = 0.5
            layerView1.shadowOffset = CGSize(width: 0.0, height: 5.0)
            layerView1.shadowRadius = 5.0
            // add same shadow to shadowView (not layerView2)
            shadowView.shadowOpacity = 0.5
            shadowView.shadowOffset = CGSize(width: 0.0, height: 5.0)
            shadowView.shadowRadius = 5.0
        }
    }

    /// Listing 4.4, figure 4.11: the same image with a square and a
    /// circular `shadowPath` instead of the shadow of its pixels.
    static var shadowPath: GallerySection {
        GallerySection(name: "shadow-path", caption: "shadowPath", width: 440, height: 240) { view in
            let layerView1 = galleryView(CGRect(x: 50, y: 40, width: 150, height: 150), color: nil, in: view)
            let layerView2 = galleryView(CGRect(x: 240, y: 40, width: 150, height: 150), color: nil, in: view)
            for layerView in [layerView1, layerView2] {
                layerView.contents = GalleryImages.snowman
                layerView.contentsGravity = .resizeAspect
            }
            // enable layer shadows
            layerView1.shadowOpacity = 0.5
            layerView2.shadowOpacity = 0.5
            // create a square shadow
            let squarePath = CGMutablePath()
            squarePath.addRect(layerView1.bounds)
            layerView1.shadowPath = squarePath
            // create a circular shadow
            let circlePath = CGMutablePath()
            circlePath.addEllipse(in: layerView2.bounds)
            layerView2.shadowPath = circlePath
            galleryLabel("square shadowPath", centeredAt: CGPoint(x: 125, y: 220), in: view)
            galleryLabel("circular shadowPath", centeredAt: CGPoint(x: 315, y: 220), in: view)
        }
    }

    /// Listing 4.5, figures 4.12–4.13: an image view masked by a layer
    /// whose contents are `Cone.png`: only where the mask is opaque does
    /// the view show.
    static var masks: GallerySection {
        GallerySection(name: "masks", caption: "mask", width: 600, height: 240) { view in
            func imageView(at x: CGFloat) -> CALayer {
                let imageView = galleryView(CGRect(x: x, y: 30, width: 160, height: 160),
                                            color: CGColor(red: 0.55, green: 0.8, blue: 1, alpha: 1), in: view)
                imageView.contents = GalleryImages.snowman
                imageView.contentsGravity = .resizeAspect
                return imageView
            }
            _ = imageView(at: 30)
            let coneView = galleryView(CGRect(x: 220, y: 30, width: 160, height: 160), color: nil, in: view)
            coneView.contents = GalleryImages.cone
            let masked = imageView(at: 410)
            // create mask layer
            let maskLayer = CALayer()
            maskLayer.frame = masked.bounds
            maskLayer.contents = GalleryImages.cone
            // apply mask to image layer
            masked.mask = maskLayer
            galleryLabel("image", centeredAt: CGPoint(x: 110, y: 215), in: view)
            galleryLabel("Cone.png", centeredAt: CGPoint(x: 300, y: 215), in: view)
            galleryLabel("image.mask = cone", centeredAt: CGPoint(x: 490, y: 215), in: view)
        }
    }

    /// Figures 4.15–4.17: an 8-pixel image magnified 20 times, smoothed by
    /// the default `.linear` filter and kept blocky by `.nearest`.
    static var magnificationFilters: GallerySection {
        GallerySection(name: "magnification-filters", caption: "magnificationFilter", width: 420, height: 230) { view in
            for (index, filter) in [CALayerContentsFilter.linear, .nearest].enumerated() {
                let x = 30 + 200 * CGFloat(index)
                let layerView = galleryView(CGRect(x: x, y: 20, width: 160, height: 160), in: view)
                layerView.contents = GalleryImages.pixelArt
                layerView.magnificationFilter = filter
                galleryLabel(filter == .linear ? "linear" : "nearest", centeredAt: CGPoint(x: x + 80, y: 205), in: view)
            }
        }
    }

    /// Listing 4.7, figures 4.20–4.21: a white button with a "Hello World"
    /// label, opaque and at half opacity. Drawn one by one at half opacity
    /// (middle, `allowsGroupOpacity` off) the label's white shows through
    /// the button; as a group (right, `shouldRasterize`) they fade as one.
    static var groupOpacity: GallerySection {
        GallerySection(name: "group-opacity", caption: "group opacity", width: 560, height: 170,
                       background: CGColor(red: 0.3, green: 0.45, blue: 0.65, alpha: 1)) { containerView in
            func customButton() -> CALayer {
                // create button
                let button = CALayer()
                button.frame = CGRect(x: 0, y: 0, width: 150, height: 50)
                button.backgroundColor = GalleryColor.white
                button.cornerRadius = 10
                // add label
                let label = CATextLayer()
                label.frame = CGRect(x: 20, y: 10, width: 110, height: 30)
                label.string = "Hello World"
                label.alignmentMode = .center
                label.fontSize = 17
                label.foregroundColor = GalleryColor.black
                label.backgroundColor = GalleryColor.white
                button.addSublayer(label)
                return button
            }
            // create opaque button
            let button1 = customButton()
            button1.position = CGPoint(x: 100, y: 70)
            containerView.addSublayer(button1)
            // create translucent buttons
            let button2 = customButton()
            button2.position = CGPoint(x: 280, y: 70)
            button2.opacity = 0.5
            button2.allowsGroupOpacity = false
            containerView.addSublayer(button2)
            let button3 = customButton()
            button3.position = CGPoint(x: 460, y: 70)
            button3.opacity = 0.5
            // enable rasterization for the translucent button
            button3.shouldRasterize = true
            button3.rasterizationScale = 1
            containerView.addSublayer(button3)
            for (x, label) in [(100, "opaque"), (280, "0.5, no group opacity"), (460, "0.5, as a group")] {
                let caption = CATextLayer()
                caption.frame = CGRect(x: CGFloat(x) - 90, y: 120, width: 180, height: 18)
                caption.string = label
                caption.fontSize = 12
                caption.alignmentMode = .center
                containerView.addSublayer(caption)
            }
        }
    }
}
