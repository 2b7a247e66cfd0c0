import Testing
@testable import SwellCharts

@Suite struct RasterStrokeTests {
    static let white = ChartColor(red: 255, green: 255, blue: 255)
    static let blue = ChartColor(red: 0x1f, green: 0x77, blue: 0xb4)

    func stroked(_ points: [(x: Double, y: Double)], width: Double = 2) -> RasterImage {
        var image = RasterImage(width: 64, height: 40, color: Self.white)
        image.strokePolyline(points, lineWidth: width, color: Self.blue)
        return image
    }

    func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[((y * image.width + x) * 3)..<((y * image.width + x) * 3 + 3)])
    }

    /// Blue covering `area` of a white pixel, each channel mixed in
    /// proportion and rounded.
    func mixed(_ area: Double) -> [UInt8] {
        [Self.blue.red, Self.blue.green, Self.blue.blue].map {
            UInt8((255 + (Double($0) - 255) * area).rounded())
        }
    }

    /// A horizontal 2-pixel stroke centred on y = 20.25 covers y 19.25…21.25:
    /// row 19 by ¾, row 20 wholly, row 21 by ¼.
    @Test func horizontalStrokeCoversItsExactArea() {
        let image = stroked([(10, 20.25), (50, 20.25)])
        for x in 12...48 {
            #expect(pixel(image, x, 18) == mixed(0))
            #expect(pixel(image, x, 19) == mixed(0.75))
            #expect(pixel(image, x, 20) == mixed(1))
            #expect(pixel(image, x, 21) == mixed(0.25))
            #expect(pixel(image, x, 22) == mixed(0))
        }
    }

    @Test func verticalStrokeCoversItsExactArea() {
        let image = stroked([(30.5, 5), (30.5, 35)])
        for y in 7...33 {
            #expect(pixel(image, 28, y) == mixed(0))
            #expect(pixel(image, 29, y) == mixed(0.5))
            #expect(pixel(image, 30, y) == mixed(1))
            #expect(pixel(image, 31, y) == mixed(0.5))
            #expect(pixel(image, 32, y) == mixed(0))
        }
    }

    /// Coverage is taken once per polyline, so going back over a segment
    /// does not darken its anti-aliased edges.
    @Test func overlappingSegmentsAreNotPaintedTwice() {
        let once = stroked([(5, 5.3), (40, 31.7)])
        let twice = stroked([(5, 5.3), (40, 31.7), (5, 5.3)])
        #expect(once.pixels == twice.pixels)
    }

    @Test func aSinglePointIsADot() {
        let image = stroked([(20.5, 20.5)])
        #expect(pixel(image, 20, 20) == mixed(1))
        #expect(pixel(image, 21, 20) == mixed(0.5))
        #expect(pixel(image, 20, 19) == mixed(0.5))
        #expect(pixel(image, 22, 20) == mixed(0))
    }

    @Test func strokesOutsideTheImageAreClipped() {
        // Both ends lie outside the 64 × 40 image; the line passes within
        // 0.2 px of the centre of pixel (32, 20).
        let image = stroked([(-20, 0), (84, 40)])
        #expect(image.pixels.count == 64 * 40 * 3)
        #expect(pixel(image, 32, 20) == mixed(1))
        #expect(pixel(image, 0, 39) == mixed(0))
        // A segment wholly outside the image, followed by one across it.
        let detour = stroked([(-50, -20), (-40, -30), (-20, 0), (84, 40)])
        #expect(detour.pixels == image.pixels)
    }
}
