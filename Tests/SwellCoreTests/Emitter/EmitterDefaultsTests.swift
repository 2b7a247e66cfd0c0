import Foundation
import Testing
@testable import SwellCore

/// The defaults Apple's CAEmitterLayer and CAEmitterCell references give.
@Suite struct EmitterDefaultsTests {
    @Test func theLayerDefaultsAreApples() {
        let layer = CAEmitterLayer()
        #expect(layer.emitterCells == nil)
        #expect(layer.birthRate == 1 && layer.lifetime == 1)
        #expect(layer.emitterPosition == .zero && layer.emitterZPosition == 0)
        #expect(layer.emitterSize == .zero && layer.emitterDepth == 0)
        #expect(layer.emitterShape == .point && layer.emitterMode == .volume && layer.renderMode == .unordered)
        #expect(!layer.preservesDepth)
        #expect(layer.velocity == 1 && layer.scale == 1 && layer.spin == 1 && layer.seed == 0)
    }

    @Test func theCellDefaultsAreApples() {
        let cell = CAEmitterCell()
        #expect(cell.name == nil && cell.isEnabled && cell.contents == nil && cell.emitterCells == nil)
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(cell.redRange == 0 && cell.greenRange == 0 && cell.blueRange == 0 && cell.alphaRange == 0)
        #expect(cell.redSpeed == 0 && cell.greenSpeed == 0 && cell.blueSpeed == 0 && cell.alphaSpeed == 0)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.minificationFilterBias == 0)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1)
    }

    @Test func cellsTakeKeyValueCoding() {
        let cell = CAEmitterCell()
        cell.setValue(150, forKey: "birthRate")
        cell.setValue(0.5, forKey: "speed")
        cell.setValue("spark", forKey: "name")
        #expect(cell.birthRate == 150 && cell.speed == 0.5 && cell.name == "spark")
        #expect(cell.value(forKey: "velocity") as? CGFloat == 0)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
    }

    @Test func aCellWithoutBirthRateOrLifetimeEmitsNothing() {
        let stage = EmitterStage { $0.emitterCells = [CAEmitterCell(), makeCell(birthRate: 10, lifetime: 0)] }
        #expect(stage.particles(at: 5).isEmpty)
    }
}
