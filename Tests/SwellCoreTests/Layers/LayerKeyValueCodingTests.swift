import Foundation
import Testing
@testable import SwellCore

/// Key-value coding reaches every drawing key of CALayer and its
/// subclasses, with the values QuartzCore's accepts: numbers for numeric
/// properties, raw strings for constants (`"even-odd"`), arrays of numbers.
@Suite struct LayerKeyValueCodingTests {
    /// Every key of every subclass, set by key-value coding to a value
    /// other than its default and read back.
    @Test func everyDrawingKeyIsReachedByKeyValueCoding() {
        let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        let cases: [(CALayer, [String: Any])] = [
            (CALayer(), ["contentsGravity": "resizeAspect", "minificationFilter": "nearest", "magnificationFilter": "trilinear",
                         "minificationFilterBias": 0.5, "shadowPath": path, "maskedCorners": CACornerMask.layerMinXMinYCorner,
                         "cornerCurve": "continuous", "allowsGroupOpacity": false, "allowsEdgeAntialiasing": true,
                         "geometryFlipped": true, "contentsScale": 2, "contentsRect": CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
                         "contentsCenter": CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), "opaque": true,
                         "edgeAntialiasingMask": CAEdgeAntialiasingMask.layerTopEdge]),
            (CAShapeLayer(), ["path": path, "fillColor": color, "fillRule": "even-odd", "strokeColor": color, "lineWidth": 3,
                              "miterLimit": 4, "lineCap": "round", "lineJoin": "bevel", "lineDashPattern": [2, 1],
                              "lineDashPhase": 1, "strokeStart": 0.25, "strokeEnd": 0.75]),
            (CATextLayer(), ["string": "text", "font": "Courier", "fontSize": 12, "foregroundColor": color, "wrapped": true,
                             "truncationMode": "middle", "alignmentMode": "center"]),
            (CAGradientLayer(), ["colors": [color, color], "locations": [0, 1], "startPoint": CGPoint(x: 0, y: 0),
                                 "endPoint": CGPoint(x: 1, y: 0), "type": "conic"]),
            (CAReplicatorLayer(), ["instanceCount": 4, "instanceDelay": 0.5, "instanceTransform": CATransform3DMakeScale(2, 2, 1),
                                   "instanceColor": color, "instanceRedOffset": -0.5, "instanceGreenOffset": -0.25,
                                   "instanceBlueOffset": 0.25, "instanceAlphaOffset": -0.125, "preservesDepth": true]),
            (CAScrollLayer(), ["scrollMode": "vertically"]),
            (CATiledLayer(), ["tileSize": CGSize(width: 64, height: 32), "levelsOfDetail": 3, "levelsOfDetailBias": 2]),
        ]
        for (layer, values) in cases {
            for (key, value) in values {
                let before = "\(layer.value(forKey: key) ?? "nil")"
                layer.setValue(value, forKey: key)
                let after = layer.value(forKey: key)
                #expect(after != nil, "\(type(of: layer)).\(key)")
                #expect("\(after ?? "nil")" != before, "\(type(of: layer)).\(key) did not change")
            }
        }
        let shape = cases[1].0 as! CAShapeLayer
        #expect(shape.fillRule == .evenOdd && shape.lineCap == .round && shape.lineDashPattern == [2, 1])
        let gradient = cases[3].0 as! CAGradientLayer
        #expect(gradient.type == .conic && gradient.locations == [0, 1] && gradient.colors?.count == 2)
        let tiled = cases[6].0 as! CATiledLayer
        #expect(tiled.levelsOfDetail == 3 && tiled.tileSize == CGSize(width: 64, height: 32))
    }
}
