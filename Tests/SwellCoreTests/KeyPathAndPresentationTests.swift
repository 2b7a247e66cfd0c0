import Foundation
import Testing
@testable import SwellCore

/// Key-value coding, struct-field key paths (Apple's "Key-Value Coding
/// Extensions"), presentation and model layers, dynamic properties.
@Suite struct KeyPathAndPresentationTests {
    @Test func structFieldKeyPathsReadAndWrite() {
        let layer = CALayer()
        layer.setValue(12, forKeyPath: "position.x")
        layer.setValue(30, forKeyPath: "bounds.size.width")
        #expect(layer.position == CGPoint(x: 12, y: 0))
        #expect(layer.bounds.size.width == 30)
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 12)
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let expected = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(CATransform3DEqualToTransform(layer.transform, expected) || layer.transform.isClose(to: expected))
        CATransaction.flush()
    }

    @Test func unsetOptionalPropertiesReadTheirDefaultsAndCanBeCleared() {
        // Apple's CALayer reference: borderColor and shadowColor default to
        // opaque black.
        let layer = CALayer()
        #expect(layer.borderColor == CGColor(gray: 0, alpha: 1) && layer.shadowColor == CGColor(gray: 0, alpha: 1))
        layer.borderColor = nil
        #expect(layer.borderColor == nil)
        #expect(CALayer(layer: layer).borderColor == nil)
    }

    @Test func numbersConvertToThePropertysType() {
        let layer = CALayer()
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.opacity == 0.5)
        layer.setValue(NSNumber(value: 3), forKey: "cornerRadius")
        #expect(layer.cornerRadius == 3)
        CATransaction.flush()
    }

    @Test func undeclaredKeysBecomeAnimatableProperties() {
        let stage = Stage()
        stage.root.setValue(2.0, forKey: "time")
        CATransaction.flush()
        stage.add(basic("time", from: 0, to: 10), to: stage.root)
        stage.clock.set(0.5)
        #expect(stage.root.presentation()?.value(forKey: "time") as? Double == 5)
    }

    @Test func nonFiniteValuesNeverEnterTheModel() {
        let layer = ValueLayer()
        layer.value = 3
        layer.value = .nan
        layer.value = .infinity
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        #expect(layer.value == 3)
        #expect(layer.position == .zero)
        CATransaction.flush()
    }

    @Test("a host's presentedValue(forKey:of:) is the presentation copy's value, retimed by ancestors")
    func presentedValueWithoutTheCopy() throws {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.root.speed = 2
        stage.layer.opacity = 0.5
        CATransaction.commit()
        stage.add(basic("value", from: 0, to: 10))
        for time in [0.1, 0.25, 0.4, 0.75] {
            stage.clock.set(time)
            let presented = try #require(stage.layer.presentation())
            // The root runs at twice the host's rate: the 1 s animation is
            // at fraction 2t, and holds its model value (0) once it ends.
            let expected = 2 * time < 1 ? 10 * 2 * time : 0
            let value = try #require(stage.host.presentedValue(forKey: "value", of: stage.layer) as? Double)
            #expect(abs(value - expected) < 1e-12, "at \(time)")
            #expect(value == presented.value(forKey: "value") as? Double)
            #expect(stage.host.presentedValue(forKey: "opacity", of: stage.layer) as? Float == 0.5)
            #expect(stage.host.presentedValue(forKey: "cornerRadius", of: stage.layer) as? CGFloat
                == presented.value(forKey: "cornerRadius") as? CGFloat)
        }
        #expect(stage.host.presentedValue(forKey: "noSuchKey", of: stage.layer) == nil)
        #expect(stage.host.presentedValue(forKey: "value", of: ValueLayer()) == nil)
    }

    @Test func presentationCopiesKeepTheSubclassAndPointBackToTheModel() throws {
        let stage = Stage()
        let presented = try #require(stage.layer.presentation())
        #expect(type(of: presented) == ValueLayer.self)
        #expect(presented.model() === stage.layer)
        #expect(stage.layer.model() === stage.layer)
    }

    @Test func presentationIsTheCommittedState() {
        let stage = Stage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.layer.value = 8
        #expect(stage.layer.presentation()?.value == 0)
        CATransaction.commit()
        #expect(stage.layer.presentation()?.value == 8)
    }

    @Test func defaultValuesComeFromDeclarationsAndOverrides() {
        final class Overriding: CALayer {
            @Dynamic("level") var level: Double = 1
            override class func defaultValue(forKey key: String) -> Any? {
                key == "level" ? 0.25 : super.defaultValue(forKey: key)
            }
        }
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(Overriding().level == 0.25)
    }

    @Test func fieldAnimationsChangeOnlyTheirField() {
        let stage = Stage()
        stage.root.position = CGPoint(x: 5, y: 7)
        CATransaction.flush()
        stage.add(basic("position.x", from: 77, to: 455), to: stage.root)
        stage.clock.set(0.5)
        #expect(stage.root.presentation()?.position == CGPoint(x: 266, y: 7))
    }

    @Test func valueFunctionsTurnNumbersIntoTransforms() {
        // Apple's CAValueFunction: rotateZ takes one value, in radians.
        let stage = Stage()
        let spin = basic("transform", from: 0, to: Double.pi)
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        stage.add(spin, to: stage.root)
        stage.clock.set(0.5)
        let presented = stage.root.presentation()!.transform
        #expect(presented.isClose(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    }

    @Test func transformRotationAnimatesTheAngle() {
        let stage = Stage()
        stage.add(basic("transform.rotation.z", from: 0, to: 1), to: stage.root)
        stage.clock.set(0.25)
        #expect(stage.root.presentation()!.transform.isClose(to: CATransform3DMakeRotation(0.25, 0, 0, 1)))
    }

    @Test func transitionsReportTheirProgressOnThePresentationLayer() {
        let stage = Stage()
        let transition = CATransition()
        transition.duration = 2
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        stage.add(transition, forKey: "anything", to: stage.root)
        #expect(stage.root.animation(forKey: kCATransition) != nil)
        stage.clock.set(1)
        // startProgress and endProgress are Floats, as in QuartzCore.
        #expect(stage.root.presentation()?.transitionProgress?.isApproximately(0.4, tolerance: 1e-7) == true)
        #expect(stage.root.transitionProgress == nil)
        _ = stage.root.presentation()
        stage.clock.set(3)
        stage.host.tick()
        #expect(stage.root.presentation()?.transitionProgress == nil)
    }
}

extension CATransform3D {
    func isClose(to other: CATransform3D, tolerance: CGFloat = 1e-9) -> Bool {
        let a = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
        let b = [other.m11, other.m12, other.m13, other.m14, other.m21, other.m22, other.m23, other.m24,
                 other.m31, other.m32, other.m33, other.m34, other.m41, other.m42, other.m43, other.m44]
        return zip(a, b).allSatisfy { Swift.abs($0 - $1) <= tolerance }
    }
}
