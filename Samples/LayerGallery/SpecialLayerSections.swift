import Foundation
import SwellCore

// The guide's remaining special layers: gradients, replicators, scrolling,
// tiles and particles.

extension GallerySection {
    /// Listing 6.6, figure 6.6: red to blue along the diagonal.
    static var gradient: GallerySection {
        GallerySection(name: "gradient", caption: "CAGradientLayer", width: 240, height: 240) { view in
            let containerView = galleryView(CGRect(x: 20, y: 20, width: 200, height: 200), in: view)
            // create gradient layer and add it to our container view
            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = containerView.bounds
            containerView.addSublayer(gradientLayer)
            // set gradient colors
            gradientLayer.colors = [GalleryColor.red, GalleryColor.blue]
            // set gradient start and end points
            gradientLayer.startPoint = CGPoint(x: 0, y: 0)
            gradientLayer.endPoint = CGPoint(x: 1, y: 1)
        }
    }

    /// Listing 6.7, figure 6.7: red, yellow and green at locations 0, 0.25
    /// and 0.5 of the diagonal — crowded into the top-left half, green
    /// beyond.
    static var gradientLocations: GallerySection {
        GallerySection(name: "gradient-locations", caption: "multi-stop gradient", width: 240, height: 240) { view in
            let containerView = galleryView(CGRect(x: 20, y: 20, width: 200, height: 200), in: view)
            // create gradient layer and add it to our container view
            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = containerView.bounds
            containerView.addSublayer(gradientLayer)
            // set gradient colors
            gradientLayer.colors = [GalleryColor.red, GalleryColor.yellow, GalleryColor.green]
            // set locations
            gradientLayer.locations = [0.0, 0.25, 0.5]
            // set gradient start and end points
            gradientLayer.startPoint = CGPoint(x: 0, y: 0)
            gradientLayer.endPoint = CGPoint(x: 1, y: 1)
        }
    }

    /// Listing 6.8, figure 6.8: one white square repeated ten times, each
    /// copy turned π/5 further about a point 200 points below the
    /// replicator's centre and a tenth less blue and green.
    static var replicator: GallerySection {
        GallerySection(name: "replicator", caption: "CAReplicatorLayer", width: 560, height: 560,
                       background: GalleryColor.night) { view in
            let containerView = galleryView(CGRect(x: 130, y: -70, width: 300, height: 300), color: nil, in: view)
            // create a replicator layer and add it to our view
            let replicator = CAReplicatorLayer()
            replicator.frame = containerView.bounds
            containerView.addSublayer(replicator)
            // configure the replicator
            replicator.instanceCount = 10
            // apply a transform for each instance
            var transform = CATransform3DIdentity
            transform = CATransform3DTranslate(transform, 0, 200, 0)
            transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
            transform = CATransform3DTranslate(transform, 0, -200, 0)
            replicator.instanceTransform = transform
            // apply a color shift for each instance
            replicator.instanceBlueOffset = -0.1
            replicator.instanceGreenOffset = -0.1
            // create a sublayer and place it inside the replicator
            let layer = CALayer()
            layer.frame = CGRect(x: 100.0, y: 100.0, width: 100.0, height: 100.0)
            layer.backgroundColor = GalleryColor.white
            replicator.addSublayer(layer)
        }
    }

    /// Listing 6.9, figure 6.10: a `ReflectionView` — a replicator of two
    /// instances, the second flipped, moved just below and 60 % more
    /// transparent.
    static var reflection: GallerySection {
        GallerySection(name: "replicator-reflection", caption: "replicator reflection", width: 300, height: 370) { view in
            // the view's layer class is CAReplicatorLayer
            let layer = CAReplicatorLayer()
            layer.frame = CGRect(x: 50, y: 30, width: 200, height: 150)
            view.addSublayer(layer)
            let imageView = galleryView(layer.bounds, color: CGColor(red: 0.55, green: 0.8, blue: 1, alpha: 1), in: layer)
            imageView.contents = GalleryImages.snowman
            imageView.contentsGravity = .resizeAspect
            // configure replicator
            layer.instanceCount = 2
            // move reflection instance below original and flip vertically
            var transform = CATransform3DIdentity
            let verticalOffset = layer.bounds.size.height + 2
            transform = CATransform3DTranslate(transform, 0, verticalOffset, 0)
            transform = CATransform3DScale(transform, 1, -1, 0)
            layer.instanceTransform = transform
            // reduce alpha of reflection layer
            layer.instanceAlphaOffset = -0.6
        }
    }

    /// Listing 6.10, figure 6.11: a `CAScrollLayer` clipping an image view
    /// larger than itself, scrolled by `scroll(to:)` as the pan gesture
    /// would.
    static var scrollLayer: GallerySection {
        GallerySection(name: "scroll-layer", caption: "CAScrollLayer", width: 320, height: 320) { view in
            let scrollView = CAScrollLayer()
            scrollView.frame = CGRect(x: 40, y: 30, width: 240, height: 240)
            scrollView.backgroundColor = GalleryColor.white
            // enable clipping
            scrollView.masksToBounds = true
            view.addSublayer(scrollView)
            let imageView = galleryView(CGRect(x: 0, y: 0, width: 400, height: 600),
                                        color: CGColor(red: 0.55, green: 0.8, blue: 1, alpha: 1), in: scrollView)
            imageView.contents = GalleryImages.snowman
            // a drag of 80 points left and 20 up, as the pan gesture
            // recognizer would report it
            let translation = CGPoint(x: -80, y: -20)
            // get the offset by subtracting the pan gesture translation
            // from the current bounds origin
            var offset = scrollView.bounds.origin
            offset.x -= translation.x
            offset.y -= translation.y
            // scroll the layer
            scrollView.scroll(to: offset)
            galleryLabel("scroll(to: (80, 20))", centeredAt: CGPoint(x: 160, y: 295), in: view)
        }
    }

    /// Listing 6.12, figure 6.12: a 2,048-point `CATiledLayer` in a
    /// scrolled view. Its delegate draws each 256-pixel tile in its own
    /// call — the part of the snowman inside the tile's clip, which the
    /// guide loads from `Snowman_x_y.jpg`, and the tile's outline.
    static var tiledLayer: GallerySection {
        GallerySection(name: "tiled-layer", caption: "CATiledLayer", width: 480, height: 340) { view in
            let scrollView = CAScrollLayer()
            scrollView.frame = CGRect(x: 20, y: 20, width: 440, height: 300)
            scrollView.backgroundColor = GalleryColor.white
            scrollView.masksToBounds = true
            view.addSublayer(scrollView)
            // add the tiled layer
            let tileLayer = CATiledLayer()
            tileLayer.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
            tileLayer.delegate = TileDrawingDelegate.shared
            scrollView.addSublayer(tileLayer)
            // draw layer
            tileLayer.setNeedsDisplay()
            // scroll to the snowman's face
            scrollView.scroll(to: CGPoint(x: 804, y: 273))
        }
    }

    /// Listing 6.13, figure 6.13: an additive emitter at the centre of its
    /// container, 150 orange sparks a second flying out in every direction
    /// at 0–100 points a second and fading over 2.5 s.
    static var emitterFire: GallerySection {
        GallerySection(name: "emitter-fire", caption: "CAEmitterLayer fire", width: 320, height: 320,
                       background: GalleryColor.night, time: 3) { view in
            let containerView = galleryView(view.bounds, color: nil, in: view)
            // create particle emitter layer
            let emitter = CAEmitterLayer()
            emitter.frame = containerView.bounds
            containerView.addSublayer(emitter)
            // configure emitter
            emitter.renderMode = .additive
            emitter.emitterPosition = CGPoint(x: emitter.frame.size.width / 2.0, y: emitter.frame.size.height / 2.0)
            // create a particle template
            let cell = CAEmitterCell()
            cell.contents = GalleryImages.spark
            cell.birthRate = 150
            cell.lifetime = 5.0
            cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1.0)
            cell.alphaSpeed = -0.4
            cell.velocity = 50
            cell.velocityRange = 50
            cell.emissionRange = .pi * 2.0
            // add particle template to emitter
            emitter.emitterCells = [cell]
        }
    }
}

/// The view controller of listing 6.12 as the tiled layer's delegate.
final class TileDrawingDelegate: CALayerDelegate, Sendable {
    /// A layer keeps its delegate weakly; this one lives as long as the
    /// program.
    static let shared = TileDrawingDelegate()

    func draw(_ layer: CALayer, in ctx: CGContext) {
        guard let layer = layer as? CATiledLayer else { return }
        // determine tile coordinate
        let bounds = ctx.boundingBoxOfClipPath
        let x = floor(bounds.origin.x / layer.tileSize.width)
        let y = floor(bounds.origin.y / layer.tileSize.height)
        // draw tile: its part of the 2,048-point snowman, centred
        let scale = layer.bounds.height / Snowman.size.height
        ctx.saveGState()
        ctx.translateBy(x: (layer.bounds.width - Snowman.size.width * scale) / 2, y: 0)
        Snowman.draw(in: ctx, scale: scale)
        ctx.restoreGState()
        // and its outline, shaded by its place in the grid
        ctx.setStrokeColor(CGColor(gray: (x + y).truncatingRemainder(dividingBy: 2) == 0 ? 0.55 : 0.75, alpha: 1))
        ctx.setLineWidth(2)
        ctx.stroke(bounds.insetBy(dx: 1, dy: 1))
    }
}
