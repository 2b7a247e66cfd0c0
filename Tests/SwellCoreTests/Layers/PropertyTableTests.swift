import Foundation
import Testing
@testable import SwellCore

/// The property table: what each class's declarations say, checked against
/// Apple's documentation of the classes — which keys animate implicitly
/// (the "Animatable Properties" tables of the Core Animation Programming
/// Guide and each class reference) and which properties exist.
@Suite struct PropertyTableTests {
    /// CALayer's properties with a default implied `CABasicAnimation`
    /// ("Core Animation Programming Guide", Animatable Properties, table B-1).
    static let appleImplicitCALayerKeys: Set<String> = [
        "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds", "contentsRect",
        "contentsCenter", "cornerRadius", "doubleSided", "hidden", "masksToBounds", "opacity", "position",
        "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius", "sublayerTransform",
        "transform", "zPosition",
    ]

    @Test("CALayer's implicit keys are the ones Apple lists")
    func calayerImplicitKeys() {
        let implicit = Set(CALayer.propertyTable.values.filter { $0.declaration.animation == .implicit }.map(\.key))
        #expect(implicit == Self.appleImplicitCALayerKeys)
    }

    @Test("subclasses add the keys their references mark animatable, and path animates only explicitly",
          arguments: [
              (CAShapeLayer.self as CALayer.Type,
               ["fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase"]),
              (CAGradientLayer.self, ["colors", "locations", "startPoint", "endPoint"]),
              (CATextLayer.self, ["fontSize", "foregroundColor"]),
              (CAReplicatorLayer.self, ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
                                        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
                                        "instanceAlphaOffset"]),
          ])
    func subclassImplicitKeys(layerClass: CALayer.Type, keys: [String]) {
        let implicit = Set(layerClass.propertyTable.values.filter { $0.declaration.animation == .implicit }.map(\.key))
        #expect(implicit == Self.appleImplicitCALayerKeys.union(keys))
        #expect(CAShapeLayer.propertyTable["path"]?.declaration.animation == .explicit)
    }

    @Test("a change to an implicit key animates in a hosted tree; to an explicit or a setting, it does not")
    func implicitActions() {
        let stage = Stage()
        let shape = CAShapeLayer()
        stage.root.addSublayer(shape)
        CATransaction.flush()
        CATransaction.begin()
        shape.strokeEnd = 0.5
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        shape.fillRule = .evenOdd
        CATransaction.commit()
        #expect(shape.animationKeys() == ["strokeEnd"])
    }

    @Test("every Apple property of a class is in its table: settings, timing keys, objects, the frame",
          arguments: [
              (CALayer.self as CALayer.Type, ["needsDisplayOnBoundsChange", "drawsAsynchronously", "maskedCorners",
                                             "edgeAntialiasingMask", "contents", "frame", "speed", "timeOffset",
                                             "beginTime", "duration", "repeatCount", "repeatDuration", "autoreverses",
                                             "fillMode"]),
              (CAEmitterLayer.self, ["emitterShape", "emitterMode", "renderMode", "seed", "preservesDepth", "birthRate"]),
              (CATextLayer.self, ["string", "font", "allowsFontSubpixelQuantization", "wrapped", "truncationMode"]),
              (CAGradientLayer.self, ["type", "colors", "locations"]),
          ])
    func appleProperties(layerClass: CALayer.Type, keys: [String]) {
        for key in keys { #expect(layerClass.propertyTable[key] != nil, "\(layerClass).\(key)") }
    }

    @Test("the emitter's settings are values a commit publishes, and no longer plain stored properties")
    func emitterSettingsArePublished() {
        let emitter = CAEmitterLayer()
        emitter.setValue("circle", forKey: "emitterShape")
        emitter.setValue("outline", forKey: "emitterMode")
        emitter.setValue(7, forKey: "seed")
        #expect(emitter.emitterShape == .circle && emitter.emitterMode == .outline && emitter.seed == 7)
        #expect(CAEmitterLayer.propertyTable["seed"]?.isAnimatable == false)
    }

    @Test("key paths into a value are entries of their own, with the field's type")
    func keyPaths() throws {
        let x = try #require(CALayer.property(forKeyPath: "position.x"))
        #expect(x.defaultValue as? Double == 0 && x.declaration.animation == .implicit)
        let size = try #require(CALayer.property(forKeyPath: "bounds.size"))
        #expect(size.defaultValue is CGSize)
        #expect(CALayer.property(forKeyPath: "opacity.x") == nil)
        #expect(CALayer.property(forKeyPath: "volume") == nil)
    }

    @Test("needsDisplay(forKey:) is what the declaration says")
    func needsDisplay() {
        final class Gauge: CALayer {
            @Dynamic("level", .implicit, display: true) var level: Double = 0
            @Dynamic("label") var label: Double = 0
        }
        #expect(Gauge.needsDisplay(forKey: "level"))
        #expect(!Gauge.needsDisplay(forKey: "label") && !Gauge.needsDisplay(forKey: "opacity"))
    }

    @Test("a range refuses what it does not contain, and says what it takes")
    func ranges() throws {
        let pan = PropertyRange.within(-1...1)
        #expect(pan.contains(-1) && pan.contains(1) && !pan.contains(1.5))
        #expect(pan.requirement(forKey: "pan") == "\"pan\" must be within -1…1")
        let volume = try #require(PropertyDeclaration.volume.range)
        #expect(!volume.contains(-0.1))
        #expect(volume.requirement(forKey: "volume") == "\"volume\" must not be negative; it is a linear amplitude")
    }

    @Test("a subclass written as Apple's code is, with only init(layer:) required, has a table")
    func subclassWithoutInit() {
        final class Ring: CALayer {
            @Dynamic("progress", .implicit) var progress: CGFloat = 0
            init(frame: CGRect) {
                super.init()
                self.frame = frame
            }
            required init(layer: Any) {
                super.init(layer: layer)
            }
        }
        let ring = Ring(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Ring.propertyTable["progress"]?.declaration.animation == .implicit)
        #expect(ring.bounds.size == CGSize(width: 10, height: 10))
    }
}
