import Foundation
import SwellCore

// The guide's solid objects: a cube of six views lit by a light direction
// (listings 5.9–5.10), and two cubes built in transform layers
// (listing 6.5).

/// Listing 5.10's light: from above and in front, and the share of light
/// every face gets.
let lightDirection = (x: 0.0, y: 1.0, z: -0.5)
let ambientLight = 0.5

extension GallerySection {
    /// Listings 5.9–5.10, figure 5.22: six numbered faces folded into a
    /// cube around the container's centre, the camera turned by the
    /// container's `sublayerTransform`, each face darkened by a layer whose
    /// opacity comes from the angle between its normal and the light.
    static var litCube: GallerySection {
        GallerySection(name: "lit-cube", caption: "the lit cube", width: 460, height: 460) { view in
            let containerView = galleryView(view.bounds, color: nil, in: view)
            // set up the container sublayer transform
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
            perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
            containerView.sublayerTransform = perspective
            let faces = (1...6).map(cubeFace)
            func addFace(_ index: Int, withTransform transform: CATransform3D) {
                // get the face view and add it to the container
                let face = faces[index]
                containerView.addSublayer(face)
                // center the face view within the container
                let containerSize = containerView.bounds.size
                face.position = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
                // apply the transform
                face.transform = transform
                // apply lighting
                applyLightingToFace(face)
            }
            // add cube face 1
            var transform = CATransform3DMakeTranslation(0, 0, 100)
            addFace(0, withTransform: transform)
            // add cube face 2
            transform = CATransform3DMakeTranslation(100, 0, 0)
            transform = CATransform3DRotate(transform, .pi / 2, 0, 1, 0)
            addFace(1, withTransform: transform)
            // add cube face 3
            transform = CATransform3DMakeTranslation(0, -100, 0)
            transform = CATransform3DRotate(transform, .pi / 2, 1, 0, 0)
            addFace(2, withTransform: transform)
            // add cube face 4
            transform = CATransform3DMakeTranslation(0, 100, 0)
            transform = CATransform3DRotate(transform, -.pi / 2, 1, 0, 0)
            addFace(3, withTransform: transform)
            // add cube face 5
            transform = CATransform3DMakeTranslation(-100, 0, 0)
            transform = CATransform3DRotate(transform, -.pi / 2, 0, 1, 0)
            addFace(4, withTransform: transform)
            // add cube face 6
            transform = CATransform3DMakeTranslation(0, 0, -100)
            transform = CATransform3DRotate(transform, .pi, 0, 1, 0)
            addFace(5, withTransform: transform)
        }
    }

    /// Face `number` of figure 5.19: a white 200-point view with a coloured
    /// label in its middle.
    private static func cubeFace(_ number: Int) -> CALayer {
        let face = CALayer()
        face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        face.backgroundColor = GalleryColor.white
        let hues: [CGColor] = [
            GalleryColor.red, GalleryColor.green, GalleryColor.blue, GalleryColor.orange,
            CGColor(red: 0.6, green: 0, blue: 0.8, alpha: 1), CGColor(red: 0, green: 0.7, blue: 0.7, alpha: 1),
        ]
        let label = CATextLayer()
        label.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        label.backgroundColor = hues[number - 1]
        label.string = "\(number)"
        label.fontSize = 80
        label.alignmentMode = .center
        face.addSublayer(label)
        return face
    }

    /// Listing 5.10's `applyLightingToFace:`: a black layer over the face,
    /// as opaque as the face is turned from the light.
    private static func applyLightingToFace(_ face: CALayer) {
        // add lighting layer
        let layer = CALayer()
        layer.frame = face.bounds
        face.addSublayer(layer)
        // convert the face transform to matrix
        // (GLKMatrix4 has the same structure as CATransform3D)
        let transform = face.transform
        let matrix3 = GLKMatrix4GetMatrix3(transform)
        // get face normal
        var normal = GLKVector3Make(0, 0, 1)
        normal = GLKMatrix3MultiplyVector3(matrix3, normal)
        normal = GLKVector3Normalize(normal)
        // get dot product with light direction
        let light = GLKVector3Normalize(GLKVector3Make(lightDirection.x, lightDirection.y, lightDirection.z))
        let dotProduct = GLKVector3DotProduct(light, normal)
        // set lighting layer opacity
        let shadow = 1 + dotProduct - ambientLight
        layer.backgroundColor = CGColor(gray: 0, alpha: shadow)
    }

    /// Listing 6.5, figure 6.5: two cubes, each six randomly coloured faces
    /// in a `CATransformLayer` that keeps them in 3D; the second turned
    /// −45° about x and y. Both share the container's perspective.
    static var transformLayerCubes: GallerySection {
        GallerySection(name: "transform-layer-cubes", caption: "CATransformLayer cubes", width: 420, height: 300) { view in
            let containerView = galleryView(view.bounds, color: nil, in: view)
            func faceWithTransform(_ transform: CATransform3D) -> CALayer {
                // create cube face layer
                let face = CALayer()
                face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
                // apply a random color
                let red = CGFloat(rand()) / CGFloat(INT_MAX)
                let green = CGFloat(rand()) / CGFloat(INT_MAX)
                let blue = CGFloat(rand()) / CGFloat(INT_MAX)
                face.backgroundColor = CGColor(red: red, green: green, blue: blue, alpha: 1.0)
                // apply the transform and return
                face.transform = transform
                return face
            }
            func cubeWithTransform(_ transform: CATransform3D) -> CALayer {
                // create cube layer
                let cube = CATransformLayer()
                // add cube face 1
                var ct = CATransform3DMakeTranslation(0, 0, 50)
                cube.addSublayer(faceWithTransform(ct))
                // add cube face 2
                ct = CATransform3DMakeTranslation(50, 0, 0)
                ct = CATransform3DRotate(ct, .pi / 2, 0, 1, 0)
                cube.addSublayer(faceWithTransform(ct))
                // add cube face 3
                ct = CATransform3DMakeTranslation(0, -50, 0)
                ct = CATransform3DRotate(ct, .pi / 2, 1, 0, 0)
                cube.addSublayer(faceWithTransform(ct))
                // add cube face 4
                ct = CATransform3DMakeTranslation(0, 50, 0)
                ct = CATransform3DRotate(ct, -.pi / 2, 1, 0, 0)
                cube.addSublayer(faceWithTransform(ct))
                // add cube face 5
                ct = CATransform3DMakeTranslation(-50, 0, 0)
                ct = CATransform3DRotate(ct, -.pi / 2, 0, 1, 0)
                cube.addSublayer(faceWithTransform(ct))
                // add cube face 6
                ct = CATransform3DMakeTranslation(0, 0, -50)
                ct = CATransform3DRotate(ct, .pi, 0, 1, 0)
                cube.addSublayer(faceWithTransform(ct))
                // center the cube layer within the container
                let containerSize = containerView.bounds.size
                cube.position = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
                // apply the transform and return
                cube.transform = transform
                return cube
            }
            // set up the perspective transform
            var pt = CATransform3DIdentity
            pt.m34 = -1.0 / 500.0
            containerView.sublayerTransform = pt
            // set up the transform for cube 1 and add it
            var c1t = CATransform3DIdentity
            c1t = CATransform3DTranslate(c1t, -100, 0, 0)
            let cube1 = cubeWithTransform(c1t)
            containerView.addSublayer(cube1)
            // set up the transform for cube 2 and add it
            var c2t = CATransform3DIdentity
            c2t = CATransform3DTranslate(c2t, 100, 0, 0)
            c2t = CATransform3DRotate(c2t, -.pi / 4, 1, 0, 0)
            c2t = CATransform3DRotate(c2t, -.pi / 4, 0, 1, 0)
            let cube2 = cubeWithTransform(c2t)
            containerView.addSublayer(cube2)
        }
    }
}
