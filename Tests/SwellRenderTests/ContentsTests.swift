import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Image contents: placement by contentsGravity against Apple's rules
/// written out here, filters, contentsRect, contentsCenter, contentsScale.
@Suite struct ContentsTests {
    typealias F = RenderFixtures

    /// A `width` × `height` image of one premultiplied colour.
    static func image(width: Int, height: Int, _ rgba: [UInt8] = [255, 0, 0, 255]) -> CGImage {
        CGImage(width: width, height: height, pixels: Array((0..<(width * height)).map { _ in rgba }.joined()))!
    }

    /// The bounding box of the pixels with any red.
    static func redBox(_ frame: Frame) -> CGRect {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y).red > 127 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? .null : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// A 20 × 10 image in a 100 × 60 layer at (20, 20) of a 140 × 100
    /// canvas, by each gravity. Apple: "top" is the maximum y, the bottom
    /// edge of an unflipped layer in y-down space.
    @Test(arguments: [
        (CALayerContentsGravity.center, CGRect(x: 60, y: 45, width: 20, height: 10)),
        (.top, CGRect(x: 60, y: 70, width: 20, height: 10)),
        (.bottom, CGRect(x: 60, y: 20, width: 20, height: 10)),
        (.left, CGRect(x: 20, y: 45, width: 20, height: 10)),
        (.right, CGRect(x: 100, y: 45, width: 20, height: 10)),
        (.topLeft, CGRect(x: 20, y: 70, width: 20, height: 10)),
        (.topRight, CGRect(x: 100, y: 70, width: 20, height: 10)),
        (.bottomLeft, CGRect(x: 20, y: 20, width: 20, height: 10)),
        (.bottomRight, CGRect(x: 100, y: 20, width: 20, height: 10)),
        (.resize, CGRect(x: 20, y: 20, width: 100, height: 60)),
        (.resizeAspect, CGRect(x: 20, y: 25, width: 100, height: 50)),  // × 5
        (.resizeAspectFill, CGRect(x: 10, y: 20, width: 120, height: 60)),  // × 6, overflowing
    ])
    func gravityPlacesTheImage(gravity: CALayerContentsGravity, expected: CGRect) {
        let root = F.root(width: 140, height: 100)
        let layer = F.layer(frame: CGRect(x: 20, y: 20, width: 100, height: 60))
        layer.contents = Self.image(width: 20, height: 10)
        layer.contentsGravity = gravity
        root.addSublayer(layer)
        let frame = F.render(root)
        #expect(Self.redBox(frame) == expected)
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == Int(expected.width * expected.height))
    }

    /// A 2 × 2 image, a black column then a white one, stretched over 100
    /// points: nearest shows two halves; linear ramps between the pixel
    /// centres, at 25 and 75 points, and pads beyond them.
    @Test func magnificationNearestAndLinear() {
        func row(_ filter: CALayerContentsFilter) -> [UInt8] {
            let root = F.root(width: 100, height: 10)
            let layer = F.layer(frame: root.bounds)
            let row: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]
            layer.contents = CGImage(width: 2, height: 2, pixels: row + row)
            layer.magnificationFilter = filter
            root.addSublayer(layer)
            let frame = F.render(root)
            return (0..<100).map { frame.pixel(x: $0, y: 5).green }
        }
        #expect(row(.nearest) == (0..<100).map { $0 < 50 ? 0 : 255 })
        let linear = row(.linear)
        let worst = (0..<100).map { x in
            abs(Double(linear[x]) - 255 * min(max((Double(x) + 0.5 - 25) / 50, 0), 1))
        }.max()!
        // Pixman weighs bilinear samples in 128ths: up to two levels off.
        #expect(worst <= 3)
    }

    /// Five pixels, black and white in turn, shrunk to two points: each
    /// point's centre falls 1.25 and 3.75 pixels in. Nearest takes pixels 1
    /// and 3 (white); linear weighs the pixel centres around them, 3/4
    /// white and 1/4 black.
    @Test func minificationNearestAndLinear() {
        func row(_ filter: CALayerContentsFilter) -> [UInt8] {
            let root = F.root(width: 2, height: 1)
            let layer = F.layer(frame: root.bounds)
            let pixels = (0..<5).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
            layer.contents = CGImage(width: 5, height: 1, pixels: pixels)
            layer.minificationFilter = filter
            root.addSublayer(layer)
            let frame = F.render(root)
            return [frame.pixel(x: 0, y: 0).green, frame.pixel(x: 1, y: 0).green]
        }
        #expect(row(.nearest) == [255, 255])
        // Pixman weighs bilinear samples in 128ths.
        #expect(row(.linear).allSatisfy { abs(Int($0) - 191) <= 3 })
    }

    /// The same picture in either byte order Core Graphics names draws the
    /// same: r, g, b, a bytes, and little-endian 0xAARRGGBB words (bytes
    /// b, g, r, a), premultiplied — here a half-transparent orange over
    /// nothing, (200, 100, 50) at alpha 128 premultiplied.
    @Test func bothByteOrdersDrawTheSamePicture() {
        func drawn(_ image: CGImage) -> PremultipliedPixel {
            let root = F.root(width: 4, height: 4)
            let layer = F.layer(frame: root.bounds)
            layer.contents = image
            root.addSublayer(layer)
            return F.render(root).pixel(x: 2, y: 1)
        }
        let rgba = Self.image(width: 4, height: 4, [100, 50, 25, 128])
        let words = CGImage(width: 4, height: 4, pixels: Array((0..<16).map { _ in [25, 50, 100, 128] as [UInt8] }.joined()),
                            byteOrder: .order32Little)!
        for pixel in [drawn(rgba), drawn(words)] {
            #expect(pixel.red == 100 && pixel.green == 50 && pixel.blue == 25 && pixel.alpha == 128)
        }
    }

    /// contentsRect picks the right half; contentsScale 2 halves the
    /// natural size (center gravity).
    @Test func contentsRectAndScale() {
        let root = F.root(width: 100, height: 100)
        let layer = F.layer(frame: root.bounds)
        // Left half green, right half red, 40 × 20 pixels.
        let pixels = (0..<20).flatMap { _ in (0..<40).flatMap { x -> [UInt8] in x < 20 ? [0, 255, 0, 255] : [255, 0, 0, 255] } }
        layer.contents = CGImage(width: 40, height: 20, pixels: pixels)
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        layer.contentsScale = 2
        layer.contentsGravity = .center
        root.addSublayer(layer)
        let frame = F.render(root)
        #expect(Self.redBox(frame) == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(frame.count { $0.green > 0 } == 0)
    }

    /// contentsCenter: a 30 × 30 image with a 10-pixel green frame around a
    /// red centre, stretched to 90 × 60 with the centre third stretchable,
    /// keeps its 10-point frame.
    @Test func contentsCenterStretchesOnlyTheCentre() {
        let root = F.root(width: 90, height: 60)
        let layer = F.layer(frame: root.bounds)
        let pixels = (0..<30).flatMap { y in
            (0..<30).flatMap { x -> [UInt8] in (10..<20).contains(x) && (10..<20).contains(y) ? [255, 0, 0, 255] : [0, 255, 0, 255] }
        }
        layer.contents = CGImage(width: 30, height: 30, pixels: pixels)
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        layer.magnificationFilter = .nearest
        root.addSublayer(layer)
        let frame = F.render(root)
        #expect(Self.redBox(frame) == CGRect(x: 10, y: 10, width: 70, height: 40))
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == 70 * 40)
        #expect(frame.count { $0 == .opaque(0, 255, 0) } == 90 * 60 - 70 * 40)
    }
}
