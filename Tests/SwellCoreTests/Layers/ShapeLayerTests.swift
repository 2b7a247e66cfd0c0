import Foundation
import Testing
@testable import SwellCore

/// CAShapeLayer against Apple's CAShapeLayer reference: defaults, which
/// keys animate implicitly (all animatable ones but `path`), and paths
/// interpolated point by point.
@Suite struct ShapeLayerTests {
    @Test func defaultsAreApples() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        #expect(shape.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(shape.fillRule == .nonZero && shape.fillRule.rawValue == "non-zero")
        #expect(shape.strokeColor == nil)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter)
        #expect(shape.lineDashPhase == 0 && shape.lineDashPattern == nil)
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
    }

    @Test func animatableKeysAnimateImplicitlyForAQuarterSecond() {
        let stage = LayerStage(CAShapeLayer())
        let shape = stage.layer
        shape.strokeEnd = 0
        shape.lineWidth = 5
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        // Linear over 0.25 s, from the old value: 1 + (0 − 1)·0.4 at 0.1 s.
        #expect(close(stage.presented("strokeEnd", at: 0.1, as: CGFloat.self)!, 0.6))
        #expect(close(stage.presented("lineWidth", at: 0.1, as: CGFloat.self)!, 1 + 4 * 0.4))
        // nil → red switches halfway (an optional colour with one end nil).
        #expect(stage.presented("strokeColor", at: 0.1, as: CGColor?.self)! == nil)
        #expect(stage.presented("strokeColor", at: 0.2, as: CGColor?.self)! == shape.strokeColor)
        #expect(close(stage.presented("strokeEnd", at: 0.25, as: CGFloat.self)!, 0))
    }

    @Test func pathChangesWithoutAnImplicitAnimation() {
        let stage = LayerStage(CAShapeLayer())
        stage.layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.flush()
        #expect(stage.layer.animationKeys() == nil)
        #expect(stage.presented("path", at: 0.1, as: CGPath?.self)! == stage.layer.path)
    }

    @Test func pathsInterpolatePointByPoint() {
        let stage = LayerStage(CAShapeLayer())
        let from = CGMutablePath()
        from.move(to: CGPoint(x: 0, y: 0))
        from.addLine(to: CGPoint(x: 10, y: 0))
        from.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 20, y: 0), control2: CGPoint(x: 20, y: 10))
        let to = CGMutablePath()
        to.move(to: CGPoint(x: 100, y: 50))
        to.addLine(to: CGPoint(x: 0, y: 0))
        to.addCurve(to: CGPoint(x: 30, y: 30), control1: CGPoint(x: 0, y: 40), control2: CGPoint(x: 60, y: 20))
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 2
        stage.layer.add(animation, forKey: "morph")
        CATransaction.flush()
        // At 0.5 s of 2 (linear), each point is p + (q − p)·0.25.
        let presented = stage.presented("path", at: 0.5, as: CGPath?.self)!!
        let expected = zip(from.elements.flatMap(\.points), to.elements.flatMap(\.points)).map { p, q in
            CGPoint(x: p.x + (q.x - p.x) * 0.25, y: p.y + (q.y - p.y) * 0.25)
        }
        #expect(presented.elements.map(\.type) == from.elements.map(\.type))
        #expect(presented.elements.flatMap(\.points) == expected)
    }

    @Test func pathsOfDifferentElementsSwitchHalfway() {
        let stage = LayerStage(CAShapeLayer())
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = square
        animation.toValue = circle
        animation.duration = 1
        stage.layer.add(animation, forKey: nil)
        CATransaction.flush()
        #expect(stage.presented("path", at: 0.49, as: CGPath?.self)! == square)
        #expect(stage.presented("path", at: 0.51, as: CGPath?.self)! == circle)
    }

    @Test func theDashPatternIsKeptAsNumbersAndPublishedAsCGFloats() {
        let stage = LayerStage(CAShapeLayer())
        stage.layer.lineDashPattern = [4, 2.5]
        #expect(stage.layer.lineDashPattern == [4, 2.5])
        stage.layer.fillRule = .evenOdd
        let record = stage.record()
        #expect(record.modelValue(forKey: "lineDashPattern") as? [CGFloat]? == [4, 2.5])
        #expect(record.modelValue(forKey: "fillRule") as? CAShapeLayerFillRule == .evenOdd)
        #expect(record.layerClass is CAShapeLayer.Type)
    }
}
