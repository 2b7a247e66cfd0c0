import Foundation
import SwellCore

// The guide's chapter on transforms: affine rotation, composition and
// shear; 3D rotation with and without perspective; a shared vanishing
// point through `sublayerTransform`; back faces; a lit cube.

/// The guide's shear, which Core Graphics lacks (listing 5.3).
func CGAffineTransformMakeShear(_ x: CGFloat, _ y: CGFloat) -> CGAffineTransform {
    var transform = CGAffineTransform.identity
    transform.c = -x
    transform.b = y
    return transform
}

extension GallerySection {
    /// Listings 5.1–5.2, figures 5.3–5.4: a view turned 45° by its
    /// `affineTransform`, and one scaled by 50 %, turned 30° and then moved
    /// 200 points — along its own turned, halved axis, 100 points on the
    /// slant.
    static var affineTransforms: GallerySection {
        GallerySection(name: "affine-transforms", caption: "affine transforms", width: 620, height: 320) { view in
            let rotated = snowmanView(CGRect(x: 45, y: 85, width: 150, height: 150), in: view)
            // rotate the layer 45 degrees
            rotated.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
            let outline = galleryView(CGRect(x: 300, y: 85, width: 150, height: 150), color: nil, in: view)
            outline.borderWidth = 1
            outline.borderColor = CGColor(gray: 0.6, alpha: 1)
            let combined = snowmanView(CGRect(x: 300, y: 85, width: 150, height: 150), in: view)
            // create a new transform
            var transform = CGAffineTransform.identity
            // scale by 50%
            transform = transform.scaledBy(x: 0.5, y: 0.5)
            // rotate by 30 degrees
            transform = transform.rotated(by: .pi / 180.0 * 30.0)
            // translate by 200 points
            transform = transform.translatedBy(x: 200, y: 0)
            // apply transform to layer
            combined.setAffineTransform(transform)
            galleryLabel("rotation π/4", centeredAt: CGPoint(x: 120, y: 305), in: view)
            galleryLabel("scale, rotate 30°, translate 200", centeredAt: CGPoint(x: 430, y: 305), width: 240, in: view)
        }
    }

    /// Listing 5.3, figure 5.5: a shear of 1 — each row slides left by
    /// its height above the anchor point.
    static var shear: GallerySection {
        GallerySection(name: "shear", caption: "shear transform", width: 360, height: 240) { view in
            let layerView = snowmanView(CGRect(x: 105, y: 45, width: 150, height: 150), in: view)
            // shear the layer at a 45-degree angle
            layerView.setAffineTransform(CGAffineTransformMakeShear(1, 0))
        }
    }

    /// Listings 5.4–5.5, figures 5.8 and 5.10: 45° about the y axis. With
    /// no perspective (left) the view is only narrower; with m34 = −1/500
    /// its far edge shrinks.
    static var perspective: GallerySection {
        GallerySection(name: "perspective", caption: "3D rotation and perspective (m34)", width: 540, height: 280) { view in
            let flat = snowmanView(CGRect(x: 40, y: 40, width: 200, height: 200), in: view)
            // rotate the layer 45 degrees along the Y axis
            flat.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            let deep = snowmanView(CGRect(x: 300, y: 40, width: 200, height: 200), in: view)
            // create a new transform
            var transform = CATransform3DIdentity
            // apply perspective
            transform.m34 = -1.0 / 500.0
            // rotate by 45 degrees along the Y axis
            transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
            deep.transform = transform
            galleryLabel("no perspective", centeredAt: CGPoint(x: 140, y: 262), in: view)
            galleryLabel("m34 = −1/500", centeredAt: CGPoint(x: 400, y: 262), in: view)
        }
    }

    /// Listing 5.6, figure 5.13: two views turned ±45° about y inside a
    /// container whose `sublayerTransform` holds the perspective, so both
    /// share the container's centre as their vanishing point.
    static var sublayerTransform: GallerySection {
        GallerySection(name: "sublayer-transform", caption: "vanishing point: sublayerTransform", width: 540, height: 280) { view in
            let containerView = galleryView(CGRect(x: 0, y: 0, width: 540, height: 280), color: nil, in: view)
            let layerView1 = snowmanView(CGRect(x: 40, y: 40, width: 200, height: 200), in: containerView)
            let layerView2 = snowmanView(CGRect(x: 300, y: 40, width: 200, height: 200), in: containerView)
            // apply perspective transform to container
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            containerView.sublayerTransform = perspective
            // rotate layerView1 by 45 degrees along the Y axis
            let transform1 = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            layerView1.transform = transform1
            // rotate layerView2 by 45 degrees along the Y axis
            let transform2 = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
            layerView2.transform = transform2
        }
    }

    /// Figure 5.14: turned by π about y, a layer shows its back — its
    /// contents mirrored (left); with `isDoubleSided` false it is not drawn
    /// at all (right; only its outline, a separate layer, remains).
    static var backFaces: GallerySection {
        GallerySection(name: "back-faces", caption: "back faces: isDoubleSided", width: 540, height: 280) { view in
            for (index, doubleSided) in [true, false].enumerated() {
                let frame = CGRect(x: 40 + 260 * CGFloat(index), y: 40, width: 200, height: 200)
                let outline = galleryView(frame, color: nil, in: view)
                outline.borderWidth = 1
                outline.borderColor = CGColor(gray: 0.6, alpha: 1)
                let layerView = galleryView(frame, in: view)
                let text = CATextLayer()
                text.frame = CGRect(x: 10, y: 20, width: 180, height: 50)
                text.string = "Front"
                text.fontSize = 40
                text.foregroundColor = GalleryColor.blue
                layerView.addSublayer(text)
                Snowman.addShapes(to: galleryView(CGRect(x: 100, y: 80, width: 80, height: 120), color: nil, in: layerView))
                layerView.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
                layerView.isDoubleSided = doubleSided
                galleryLabel(doubleSided ? "isDoubleSided = true" : "isDoubleSided = false",
                             centeredAt: CGPoint(x: frame.midX, y: 262), in: view)
            }
        }
    }

    /// Listings 5.7–5.8, figures 5.16 and 5.18: an inner view turned back
    /// by the opposite of its outer view's rotation. About z the two cancel
    /// and the inner view is upright (left); about y, each with its own
    /// perspective, they do not (right): the outer layer flattens the inner
    /// one onto its plane, so the inner view stays turned, and distorted.
    static var flattening: GallerySection {
        GallerySection(name: "flattening", caption: "flattened layers", width: 580, height: 350) { view in
            for (index, aboutY) in [false, true].enumerated() {
                let outerView = galleryView(CGRect(x: 50 + 280 * CGFloat(index), y: 50, width: 200, height: 200), in: view)
                let innerView = galleryView(CGRect(x: 50, y: 50, width: 100, height: 100),
                                            color: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1), in: outerView)
                if aboutY {
                    // rotate the outer layer 45 degrees
                    var outer = CATransform3DIdentity
                    outer.m34 = -1.0 / 500.0
                    outer = CATransform3DRotate(outer, .pi / 4, 0, 1, 0)
                    outerView.transform = outer
                    // rotate the inner layer -45 degrees
                    var inner = CATransform3DIdentity
                    inner.m34 = -1.0 / 500.0
                    inner = CATransform3DRotate(inner, -.pi / 4, 0, 1, 0)
                    innerView.transform = inner
                } else {
                    // rotate the outer layer 45 degrees
                    let outer = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
                    outerView.transform = outer
                    // rotate the inner layer -45 degrees
                    let inner = CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)
                    innerView.transform = inner
                }
                galleryLabel(aboutY ? "±45° about y: flattened" : "±45° about z: cancelled",
                             centeredAt: CGPoint(x: 150 + 280 * CGFloat(index), y: 332), width: 200, in: view)
            }
        }
    }

    /// A white view showing the snowman, fitted — the view the transform
    /// figures turn.
    static func snowmanView(_ frame: CGRect, in superlayer: CALayer) -> CALayer {
        let layerView = galleryView(frame, in: superlayer)
        layerView.contents = GalleryImages.snowman
        layerView.contentsGravity = .resizeAspect
        return layerView
    }
}
