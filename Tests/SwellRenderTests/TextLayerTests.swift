import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// CATextLayer drawn by Pango: ink inside the bounds, wrapping, alignment,
/// attributed runs, and the same pixels every time.
@Suite struct TextLayerTests {
    typealias F = RenderFixtures

    /// A text layer at (20, 20) of a 200 × 120 canvas, 160 × 80.
    static func render(_ configure: (CATextLayer) -> Void) -> Frame {
        let root = F.root(width: 200, height: 120)
        let text = CATextLayer()
        text.frame = CGRect(x: 20, y: 20, width: 160, height: 80)
        text.fontSize = 18
        configure(text)
        root.addSublayer(text)
        return F.render(root)
    }

    /// The bounding box of the pixels with any ink.
    static func inkBox(_ frame: Frame) -> CGRect {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y).alpha > 0 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? .null : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func plainTextIsInkInsideTheBoundsInTheForegroundColour() {
        let frame = Self.render { $0.string = "Hello, Swell"; $0.foregroundColor = F.red }
        let box = Self.inkBox(frame)
        #expect(!box.isNull && box.width > 60 && box.height > 8)
        #expect(CGRect(x: 20, y: 20, width: 160, height: 80).contains(box))
        #expect(frame.count { $0.alpha > 0 && ($0.green > 0 || $0.blue > 0) } == 0)
        // The first line starts at the top of the bounds.
        #expect(box.minY < 30)
    }

    @Test func wrappingBreaksLinesAtTheWidthAndClipsToTheBounds() {
        let long = String(repeating: "wrap these words ", count: 12)
        let unwrapped = Self.inkBox(Self.render { $0.string = long })
        let wrapped = Self.inkBox(Self.render { $0.string = long; $0.isWrapped = true })
        #expect(unwrapped.height < 25 && unwrapped.maxX > 170 && unwrapped.maxX <= 180)
        #expect(wrapped.height > 60 && wrapped.maxY <= 100)
        let truncated = Self.inkBox(Self.render { $0.string = long; $0.truncationMode = .end })
        #expect(truncated.height < 25 && truncated.maxX <= 180)
    }

    @Test func alignmentMovesTheLine() {
        let left = Self.inkBox(Self.render { $0.string = "Swell" })
        let center = Self.inkBox(Self.render { $0.string = "Swell"; $0.alignmentMode = .center })
        let right = Self.inkBox(Self.render { $0.string = "Swell"; $0.alignmentMode = .right })
        #expect(left.minX <= 22)
        #expect(abs(center.midX - 100) <= 1.5)
        #expect(right.maxX >= 177 && right.maxX <= 180)
        #expect(abs(left.width - center.width) <= 1 && abs(left.width - right.width) <= 1)
    }

    @Test func attributedRunsHaveTheirOwnColourAndSize() {
        let string = NSMutableAttributedString(string: "big", attributes: [
            kCTFontAttributeName: CTFont(name: "Helvetica-Bold", size: 30),
            kCTForegroundColorAttributeName: F.blue,
        ])
        string.append(NSAttributedString(string: "small", attributes: [
            kCTFontAttributeName: CTFont(name: "Times", size: 10),
            kCTForegroundColorAttributeName: F.green,
            kCTKernAttributeName: 2,
        ]))
        let frame = Self.render { $0.string = string }
        let blue = frame.count { $0.blue > 128 && $0.green == 0 }, green = frame.count { $0.green > 128 && $0.blue == 0 }
        #expect(blue > 100 && green > 20 && blue > green)
        #expect(frame.count { $0.red > 0 } == 0)
    }

    /// An underlined run has a line of its colour under its baseline, as
    /// wide as the run; the same text without the attribute has none. The
    /// rows below the glyphs of "ipsum" (no descender but "p") are found
    /// where the plain rendering has no ink at all.
    @Test func anUnderlinedRunHasALineUnderIt() {
        func render(underlined: Bool) -> Frame {
            let string = NSMutableAttributedString(string: "mum", attributes: [
                kCTFontAttributeName: CTFont(name: "Helvetica", size: 30), kCTForegroundColorAttributeName: F.red,
            ])
            if underlined {
                string.addAttribute(kCTUnderlineStyleAttributeName, value: NSNumber(value: kCTUnderlineStyleSingle),
                                    range: NSRange(location: 0, length: 3))
            }
            return Self.render { $0.string = string }
        }
        let plain = render(underlined: false), underlined = render(underlined: true)
        let glyphs = Self.inkBox(plain)
        // Rows under the glyphs of "mum" (no descenders), within the bounds.
        let rowsBelow = Int(glyphs.maxY)..<100
        #expect(rowsBelow.allSatisfy { y in (0..<200).allSatisfy { plain.pixel(x: $0, y: y).alpha == 0 } })
        let lineRows = rowsBelow.filter { y in
            (Int(glyphs.minX) + 2..<Int(glyphs.maxX) - 2).allSatisfy { underlined.pixel(x: $0, y: y).red > 128 }
        }
        #expect(!lineRows.isEmpty)
        #expect(underlined.count { $0.alpha > 0 && ($0.green > 0 || $0.blue > 0) } == 0)
    }

    @Test func theSameTextRendersTheSamePixels() {
        let a = Self.render { $0.string = "Deterministic"; $0.alignmentMode = .center }
        let b = Self.render { $0.string = "Deterministic"; $0.alignmentMode = .center }
        #expect(a.maximumDifference(from: b) == 0)
        #expect(TextFonts.face(named: "Helvetica").family == "DejaVu Sans")
        #expect(TextFonts.face(named: "Helvetica-BoldOblique") == ("DejaVu Sans", true, true) as (String, Bool, Bool))
        #expect(TextFonts.face(named: "TimesNewRomanPSMT").family == "DejaVu Serif")
        #expect(TextFonts.face(named: "Menlo-Regular").family == "DejaVu Sans Mono")
        #expect(TextFonts.face(named: "DejaVuSans-Bold") == ("DejaVu Sans", true, false) as (String, Bool, Bool))
    }

    /// A text layer placed by its measured baseline: capitals stand on the
    /// baseline (their ink ends on it), and the drawn ink is where and as
    /// wide as the measured ink says, to a pixel.
    @Test func measuredExtentsPlaceTheBaselineAndTheInk() {
        let extents = TextExtents(measuring: "HELLO", fontName: "Helvetica", fontSize: 24)
        #expect(extents.size.width > extents.ink.width && extents.baseline > extents.ink.minY)
        #expect(extents.baseline < extents.size.height)
        let baseline = 60.0
        let frame = Self.render {
            $0.string = "HELLO"; $0.fontSize = 24; $0.foregroundColor = F.red
            $0.frame = CGRect(x: 30, y: baseline - extents.baseline, width: extents.size.width + 1, height: extents.size.height)
        }
        let box = Self.inkBox(frame)
        #expect(abs(box.maxY - baseline) <= 1, "ink ends at \(box.maxY), baseline \(baseline)")
        #expect(abs(box.minX - (30 + extents.ink.minX)) <= 1 && abs(box.width - extents.ink.width) <= 1.5)
        #expect(abs(box.minY - (baseline - extents.baseline + extents.ink.minY)) <= 1)
    }
}
