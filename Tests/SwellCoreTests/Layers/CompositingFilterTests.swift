import Foundation
import Testing
@testable import SwellCore

/// `compositingFilter`, which Apple's code sets to a Core Image filter's
/// name (`layer.compositingFilter = "multiplyBlendMode"`): read back as the
/// string set, published with each commit, copied into `presentation()`.
@Suite struct CompositingFilterTests {
    @Test func itIsNilByDefaultAndReadsBackTheNameSet() {
        let layer = CALayer()
        #expect(layer.compositingFilter == nil)
        layer.compositingFilter = "CIMultiplyBlendMode"
        #expect(layer.compositingFilter as? String == "CIMultiplyBlendMode")
        #expect(layer.value(forKey: "compositingFilter") as? String == "CIMultiplyBlendMode")
        layer.setValue("screenBlendMode", forKey: "compositingFilter")
        #expect(layer.compositingFilter as? String == "screenBlendMode")
        layer.compositingFilter = nil
        #expect(layer.compositingFilter == nil)
    }

    @Test func aValueThatIsNoNameIsRefused() {
        let layer = CALayer()
        layer.compositingFilter = "overlayBlendMode"
        layer.compositingFilter = 3
        #expect(layer.compositingFilter as? String == "overlayBlendMode")
    }

    /// Core Image's names, with or without `CI`, first letter either case.
    @Test(arguments: [
        ("multiplyBlendMode", CACompositingFilter.multiplyBlendMode),
        ("CIMultiplyBlendMode", .multiplyBlendMode),
        ("MultiplyBlendMode", .multiplyBlendMode),
        ("CILuminosityBlendMode", .luminosityBlendMode),
        ("additionCompositing", .additionCompositing),
        ("CISourceOverCompositing", .sourceOverCompositing),
    ])
    func spellingsNameOneFilter(name: String, filter: CACompositingFilter) {
        #expect(CACompositingFilter(rawValue: name).filter == filter)
        #expect(CACompositingFilter(valueNamed: name)?.rawValue == name)
    }

    @Test(arguments: ["frobnicateBlendMode", "CI", "", "multiplyblendmode"])
    func otherNamesAreKeptButNameNoFilter(name: String) {
        #expect(CACompositingFilter(rawValue: name).filter == nil)
        #expect(CACompositingFilter(valueNamed: name) == nil)
        let layer = CALayer()
        layer.compositingFilter = name
        #expect(layer.compositingFilter as? String == name)
    }

    @Test func itReachesTheSnapshotThePresentationAndACopy() {
        let stage = LayerStage(CALayer())
        stage.layer.compositingFilter = "CIColorBurnBlendMode"
        let record = stage.record()
        #expect(record.modelValue(forKey: CACompositingFilter.layerKey) as? CACompositingFilter
            == CACompositingFilter(rawValue: "CIColorBurnBlendMode"))
        #expect(stage.layer.presentation()?.compositingFilter as? String == "CIColorBurnBlendMode")
        #expect(CALayer(layer: stage.layer).compositingFilter as? String == "CIColorBurnBlendMode")
        #expect(CALayer.propertyTable[CACompositingFilter.layerKey]?.isAnimatable == false)
    }
}
