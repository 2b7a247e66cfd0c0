import Foundation
import Testing
@testable import SwellCore

/// What CALayer gives a renderer beyond its animatable properties, against
/// Apple's CALayer reference: `contents` as an image or a drawing, the
/// twelve contents gravities, and the drawing-state defaults.
@Suite struct LayerDrawingStateTests {
    @Test func drawingStateDefaultsAreApples() {
        let layer = CALayer()
        #expect(layer.contents == nil)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsScale == 1)
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0)
        #expect(layer.shadowPath == nil)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .circular)
        #expect(layer.allowsGroupOpacity && !layer.allowsEdgeAntialiasing && !layer.isGeometryFlipped)
    }

    @Test func anImageAndADrawingReachTheSnapshotAsContents() throws {
        let image = try #require(CGImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 128, 128]))
        let stage = LayerStage(CALayer())
        stage.layer.contents = image
        #expect(stage.record().contents == .image(image))
        stage.layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 3)
        stage.layer.display() // no delegate: an empty drawing the size of the bounds
        #expect(stage.record().contents == .drawing(CGContext.Recording(size: CGSize(width: 4, height: 3), operations: [])))
        stage.layer.contents = "not drawable"
        #expect(stage.record().contents == nil)
    }

    @Test func drawingStateReachesTheSnapshotAndThePresentation() {
        let stage = LayerStage(CALayer())
        stage.layer.contentsGravity = .topLeft
        stage.layer.maskedCorners = [.layerMaxXMaxYCorner]
        stage.layer.cornerCurve = .continuous
        stage.layer.isGeometryFlipped = true
        let record = stage.record()
        #expect(record.modelValue(forKey: "contentsGravity") as? CALayerContentsGravity == .topLeft)
        #expect(record.modelValue(forKey: "maskedCorners") as? CACornerMask == [.layerMaxXMaxYCorner])
        #expect(record.modelValue(forKey: "cornerCurve") as? CALayerCornerCurve == .continuous)
        #expect(record.modelValue(forKey: "geometryFlipped") as? Bool == true)
        #expect(record.modelValue(forKey: "allowsGroupOpacity") as? Bool == true)
        #expect(stage.layer.presentation()?.contentsGravity == .topLeft)
    }

    @Test func shadowPathAnimatesImplicitly() {
        let layer = CALayer()
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let stage = LayerStage(layer)
        stage.layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 30))
        CATransaction.flush()
        // Animated from the first path over 0.25 s, point by point.
        let presented = stage.presented("shadowPath", at: 0.125, as: CGPath?.self)!!
        #expect(presented == CGPath(rect: CGRect(x: 0, y: 0, width: 15, height: 20)))
    }

    /// Contents of 40 × 20 points in bounds of 100 × 100 at (10, 10).
    @Test(arguments: [
        (CALayerContentsGravity.resize, CGRect(x: 10, y: 10, width: 100, height: 100)),
        (.resizeAspect, CGRect(x: 10, y: 35, width: 100, height: 50)),
        (.resizeAspectFill, CGRect(x: -40, y: 10, width: 200, height: 100)),
        (.center, CGRect(x: 40, y: 50, width: 40, height: 20)),
        (.top, CGRect(x: 40, y: 90, width: 40, height: 20)),
        (.bottom, CGRect(x: 40, y: 10, width: 40, height: 20)),
        (.left, CGRect(x: 10, y: 50, width: 40, height: 20)),
        (.right, CGRect(x: 70, y: 50, width: 40, height: 20)),
        (.topLeft, CGRect(x: 10, y: 90, width: 40, height: 20)),
        (.topRight, CGRect(x: 70, y: 90, width: 40, height: 20)),
        (.bottomLeft, CGRect(x: 10, y: 10, width: 40, height: 20)),
        (.bottomRight, CGRect(x: 70, y: 10, width: 40, height: 20)),
    ])
    func gravityPlacesContentsAsAppleDefinesIt(gravity: CALayerContentsGravity, expected: CGRect) {
        let bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
        #expect(gravity.rect(forContentsOfSize: CGSize(width: 40, height: 20), in: bounds) == expected)
    }
}
