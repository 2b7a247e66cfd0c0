import Foundation
import Testing
@testable import SwellCore

/// CATextLayer and CAGradientLayer against Apple's references: defaults,
/// animatable keys, and what reaches the render snapshot — the rich text of
/// "iOS Core Animation: Advanced Techniques", listing 6.3, run by run.
@Suite struct TextAndGradientLayerTests {
    @Test func textDefaultsAreApples() {
        let text = CATextLayer()
        #expect(text.string == nil)
        #expect(text.font as? String == "Helvetica")
        #expect(text.fontSize == 36)
        #expect(text.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(!text.isWrapped)
        #expect(text.truncationMode == .none && text.alignmentMode == .natural)
        #expect(text.contentsScale == 1)
    }

    @Test func plainTextAndFontNameArePublished() {
        let stage = LayerStage(CATextLayer())
        stage.layer.string = "Hello"
        stage.layer.font = CTFontCreateWithName("Helvetica-Bold", 15, nil)
        stage.layer.alignmentMode = .justified
        let record = stage.record()
        let text = record.renderState as? CATextLayer.Text
        #expect(text == CATextLayer.Text(content: .plain("Hello"), fontName: "Helvetica-Bold"))
        #expect(record.modelValue(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .justified)
    }

    @Test func anAttributedStringIsPublishedRunByRun() {
        // Listing 6.3: black text, with "ipsum" (6, 5) in red.
        let text = "Lorem ipsum dolor"
        let font = CTFontCreateWithName("Helvetica", 15, nil)
        let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1), red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let string = NSMutableAttributedString(string: text)
        string.setAttributes([kCTForegroundColorAttributeName: black, kCTFontAttributeName: font],
                             range: NSRange(location: 0, length: 17))
        string.setAttributes([kCTForegroundColorAttributeName: red, kCTFontAttributeName: font,
                              kCTKernAttributeName: 2, kCTParagraphStyleAttributeName: CTParagraphStyle(lineSpacing: 4),
                              kCTUnderlineStyleAttributeName: NSNumber(value: kCTUnderlineStyleSingle)],
                             range: NSRange(location: 6, length: 5))
        let stage = LayerStage(CATextLayer())
        stage.layer.string = string
        string.append(NSAttributedString(string: " changed later")) // the layer keeps a copy
        guard case .attributed(let runs)? = (stage.record().renderState as? CATextLayer.Text)?.content else {
            Issue.record("no attributed content")
            return
        }
        #expect(runs.map(\.text) == ["Lorem ", "ipsum", " dolor"])
        #expect(runs.map(\.color) == [black, red, black])
        #expect(runs.map(\.font) == [font, font, font])
        #expect(runs.map(\.kern) == [0, 2, 0])
        #expect(runs.map(\.lineSpacing) == [0, 4, 0])
        #expect(runs.map(\.underline) == [[], .single, []])
    }

    @Test func missingRunAttributesTakeCoreTextDefaults() {
        let layer = CATextLayer()
        layer.string = NSAttributedString(string: "x")
        let run = CATextLayer.Run(text: "x", font: CTFont(name: "Helvetica", size: 12), color: .black, kern: 0, lineSpacing: 0,
                                  underline: [])
        #expect((layer.renderState as? CATextLayer.Text)?.content == .attributed([run]))
    }

    @Test func fontSizeAndColourAnimateImplicitly() {
        let stage = LayerStage(CATextLayer())
        stage.layer.fontSize = 16
        stage.layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        CATransaction.flush()
        #expect(close(stage.presented("fontSize", at: 0.125, as: CGFloat.self)!, 26))
        #expect(stage.presented("foregroundColor", at: 0.125, as: CGColor?.self)! == CGColor(gray: 0.5, alpha: 1))
    }

    @Test func stringAndFontAreReachedByKeyValueCoding() {
        let layer = CATextLayer()
        layer.setValue("Hi", forKey: "string")
        layer.setValue(CTFont(name: "Courier", size: 9), forKey: "font")
        #expect(layer.value(forKey: "string") as? String == "Hi")
        #expect(layer.value(forKey: "font") as? CTFont == CTFont(name: "Courier", size: 9))
        #expect(layer.presentation() == nil)
        #expect(CATextLayer(layer: layer).string as? String == "Hi")
        #expect((CATextLayer(layer: layer).renderState as? CATextLayer.Text)?.fontName == "Courier")
    }

    @Test func gradientDefaultsAreApples() {
        let gradient = CAGradientLayer()
        #expect(gradient.colors == nil && gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)
        #expect([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue) == ["axial", "radial", "conic"])
    }

    @Test func gradientColoursAndLocationsAnimateImplicitlyElementByElement() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let layer = CAGradientLayer()
        layer.colors = [red, blue]
        layer.locations = [0, 1]
        let stage = LayerStage(layer)
        layer.colors = [blue, red]
        layer.locations = [0.5, 1]
        layer.endPoint = CGPoint(x: 1, y: 1)
        CATransaction.flush()
        let colors = stage.presented("colors", at: 0.0625, as: [CGColor]?.self)!!
        #expect(colors == [CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 1), CGColor(red: 0.25, green: 0, blue: 0.75, alpha: 1)])
        #expect(stage.presented("locations", at: 0.0625, as: [CGFloat]?.self)!! == [0.125, 1])
        #expect(stage.presented("endPoint", at: 0.0625, as: CGPoint.self) == CGPoint(x: 0.625, y: 1))
        #expect(layer.colors?.count == 2 && layer.locations == [0.5, 1])
    }

    @Test func stopsSpreadEvenlyWithoutOneLocationPerColour() {
        let a = CGColor.black, b = CGColor.white, c = CGColor.clear
        #expect(CAGradientLayer.stops(colors: [a, b, c], locations: nil).map(\.location) == [0, 0.5, 1])
        #expect(CAGradientLayer.stops(colors: [a, b, c], locations: [0, 0.9]).map(\.location) == [0, 0.5, 1])
        #expect(CAGradientLayer.stops(colors: [a, b], locations: [0.2, 0.3]).map(\.location) == [0.2, 0.3])
        #expect(CAGradientLayer.stops(colors: [a], locations: nil).map(\.location) == [0])
    }
}
