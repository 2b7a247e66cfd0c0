import Foundation
import Testing
@testable import SwellCore

/// The values drawing adds: whole numbers and arrays as animatable values,
/// `CGImage`, and the recording context's clip (Core Graphics'
/// `clip(to:)` and `boundingBoxOfClipPath`).
@Suite struct DrawingValueTests {
    @Test func wholeNumbersInterpolateAndRoundToTheNearest() {
        #expect(1.interpolated(to: 5, fraction: 0.3) == 2)   // 2.2
        #expect(1.interpolated(to: 5, fraction: 0.375) == 3) // 2.5, half away from zero
        #expect(0.interpolated(to: -4, fraction: 0.375) == -2) // −1.5
        #expect(3.scaled(by: .nan) == 0 && 3.scaled(by: 1e300) == .max)
        #expect(ValueCoercion.coerce(2.6, to: Int.self) == 3)
    }

    @Test func arraysOfEqualCountAnimateElementByElementAndOthersSwitchHalfway() {
        let a: [CGFloat] = [0, 10], b: [CGFloat] = [10, 30]
        #expect(a.interpolated(to: b, fraction: 0.25) == [2.5, 15])
        #expect(a.adding(b) == [10, 40] && b.subtracting(a) == [10, 20] && a.adding([]) == a)
        #expect(a.distance(to: b) == (100.0 + 400).squareRoot())
        #expect(a.interpolated(to: [1], fraction: 0.49) == a && a.interpolated(to: [1], fraction: 0.5) == [1])
        #expect(![CGFloat.nan].isFinite)
    }

    @Test func arraysAndConstantsAreCoercedFromLooseValues() {
        #expect(ValueCoercion.coerce([1, 2.5] as [Any], to: [CGFloat]?.self) == [1, 2.5])
        #expect(ValueCoercion.coerce([NSNumber(value: 3)], to: [CGFloat].self) == [3])
        #expect(ValueCoercion.coerce(["x"] as [Any], to: [CGFloat].self) == nil)
        #expect(ValueCoercion.coerce("resizeAspect", to: CALayerContentsGravity.self) == .resizeAspect)
        #expect(ValueCoercion.coerce(0.5, to: Double?.self) == 0.5)
    }

    @Test func anImageIsPremultipliedRGBA8RowsFromTheTop() throws {
        #expect(CGImage(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        let pixels: [UInt8] = (0..<(3 * 2 * 4)).map { UInt8($0) }
        let image = try #require(CGImage(width: 3, height: 2, pixels: pixels))
        #expect(image.bytesPerRow == 12 && image.bitsPerPixel == 32 && image.bitsPerComponent == 8)
        #expect(image.pixel(x: 1, y: 1) == (16, 17, 18, 19))
        let cropped = try #require(image.cropping(to: CGRect(x: 0.5, y: 1, width: 1, height: 5)))
        #expect(cropped.width == 2 && cropped.height == 1)
        #expect(cropped.pixels == Array(pixels[12..<20]))
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)) == nil)
    }

    /// Core Graphics' `premultipliedFirst` with `order32Little`: each pixel
    /// a little-endian word 0xAARRGGBB, so its bytes are b, g, r, a.
    @Test func anImageInLittleEndianWordsReadsItsBytesAsBlueGreenRedAlpha() throws {
        let pixels: [UInt8] = (0..<(3 * 2 * 4)).map { UInt8($0) }
        let image = try #require(CGImage(width: 3, height: 2, pixels: pixels, byteOrder: .order32Little))
        #expect(image.byteOrderInfo == .order32Little)
        #expect(image.pixel(x: 1, y: 1) == (18, 17, 16, 19))
        let cropped = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 1, height: 1)))
        #expect(cropped.byteOrderInfo == .order32Little && cropped.pixel(x: 0, y: 0) == (18, 17, 16, 19))
        // The same bytes in the other order are another picture.
        #expect(image != CGImage(width: 3, height: 2, pixels: pixels))
    }

    @Test func theClipIsRecordedInDeviceSpaceAndReadBackInUserSpace() {
        let context = CGContext(size: CGSize(width: 100, height: 100))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100))
        context.saveGState()
        context.scaleBy(x: 2, y: 2)
        context.translateBy(x: -10, y: 0)
        context.clip(to: CGRect(x: 10, y: 0, width: 20, height: 40))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 10, y: 0, width: 20, height: 40))
        context.clip(to: CGRect(x: 20, y: 10, width: 50, height: 50))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 20, y: 10, width: 10, height: 30))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        // Each clip is recorded as its rectangle in device space, undone by the restore.
        var first = PathValue(), second = PathValue()
        first.addRect(CGRect(x: 0, y: 0, width: 40, height: 80))
        second.addRect(CGRect(x: 20, y: 20, width: 100, height: 100))
        var square = PathValue()
        square.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        let fill = { (path: PathValue) in CGContext.Operation.fill(path, rule: .winding, color: .black) }
        var scaledSquare = PathValue()
        scaledSquare.addRect(CGRect(x: -20, y: 0, width: 10, height: 10))
        #expect(context.operations == [
            .saveGState, .clip(first, rule: .winding), .clip(second, rule: .winding), fill(scaledSquare),
            .restoreGState, fill(square),
        ])
    }
}
