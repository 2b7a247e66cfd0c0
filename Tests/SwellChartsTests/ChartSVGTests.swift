import Foundation
import TestSupport
import Testing
import SwellCore
@testable import SwellCharts

/// The SVG: the chart's layer tree drawn on Cairo's SVG surface, a
/// document a viewer reads at the canvas's size and librsvg rasterises to
/// the PNG's picture. Its curves are probed with the PNG's in
/// ``ChartPictureTests``.
@Suite struct ChartSVGTests {
    /// A well-formed XML document (Foundation's XMLParser) whose root is an
    /// `<svg>` as wide and high as the canvas in CSS pixels, one user unit
    /// a pixel (SVG 1.1 §7.2, §7.7 "viewBox").
    @Test func isAnSVGDocumentOfTheCanvasSize() throws {
        let text = try ChartFixture.threeSeries(width: 480, height: 320).svgDocument()
        #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"))
        let outline = XMLOutline(data: Data(text.utf8))
        #expect(outline.error == nil, "not well-formed XML: \(String(describing: outline.error))")
        #expect(outline.root == "svg")
        let attributes = outline.rootAttributes
        #expect(attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(attributes["width"] == "480px" && attributes["height"] == "320px", "\(attributes)")
        #expect(attributes["viewBox"] == "0 0 480 320")
    }

    /// librsvg's picture of the SVG is the PNG's. Away from text the two
    /// rasterisers agree but for the anti-aliased edges of the curves. In
    /// text they disagree more: Cairo's image surface places each glyph's
    /// bitmap on a whole pixel, where librsvg fills the glyph's outline
    /// where it lies (up to 118 levels apart at a glyph's edge); still
    /// every label carries the same ink — its coverage summed over its
    /// frame — to 5 % (measured: within 2 %).
    @Test func rasterisedByLibrsvgItIsThePNG() throws {
        let chart = ChartFixture.threeSeries(width: 480, height: 320)
        var (svg, png) = try PeerTool.withTemporaryDirectory { directory in
            let svg = try ChartPicture.svg.write(chart, in: directory)
            let svgImage = try RGBAImage(decodingPNG: svg.path, width: 480, height: 320)
            let png = try ChartPicture.png.write(chart, in: directory)
            return (svgImage, try RGBAImage(decodingPNG: png.path, width: 480, height: 320))
        }
        let labels = try (chart.layerTree().sublayers ?? []).compactMap { $0 as? CATextLayer }
        #expect(labels.count > 10)
        for label in labels {
            let box = label.frame.insetBy(dx: -1, dy: -1).integral
            let pixels = (Int(box.minY)..<Int(box.maxY)).flatMap { y in (Int(box.minX)..<Int(box.maxX)).map { (x: $0, y: y) } }
            func ink(_ image: RGBAImage) -> Double {
                pixels.reduce(0) { $0 + Double(255 - image[$1.x, $1.y][0]) }
            }
            let (svgInk, pngInk) = (ink(svg), ink(png))
            #expect(pngInk > 0 && abs(svgInk - pngInk) <= 0.05 * pngInk, "\(label.string ?? ""): ink \(svgInk) against \(pngInk)")
            for (x, y) in pixels {
                for component in 0..<4 {
                    svg.bytes[(y * svg.width + x) * 4 + component] = png.bytes[(y * png.width + x) * 4 + component]
                }
            }
        }
        let comparison = FuzzyComparison(svg, against: png, tolerance: Self.tolerance)
        #expect(comparison.passes, "\(comparison)")
        let blank = RGBAImage(width: 480, height: 320, bytes: Array(repeating: 255, count: 480 * 320 * 4))
        #expect(!FuzzyComparison(blank, against: png, tolerance: Self.tolerance).passes, "a blank picture fails")
    }

    /// Outside text: an edge pixel of a curve may differ by a few levels
    /// of 255 where the two rasterisers sample coverage differently, and
    /// only a hundred of the thousands of edge pixels by more than 3
    /// (measured: at most 7 levels, 10 pixels beyond 3) — a curve a pixel
    /// off, or in another colour, differs by far more.
    static let tolerance = FuzzyTolerance(maximumDifference: 16, differingAbove: 3, budget: 100)

    /// The same chart gives the same document, but for the name Cairo
    /// gives its drawing group, `surfaceN` — N counts the Cairo surfaces
    /// the process has made.
    @Test func sameChartGivesTheSameDocument() throws {
        func document(_ chart: Chart) throws -> String {
            try chart.svgDocument().replacing(/id="surface[0-9]+"/, with: #"id="surface""#)
        }
        let first = try document(ChartFixture.threeSeries())
        #expect(try document(ChartFixture.threeSeries()) == first)
        var other = ChartFixture.threeSeries()
        other.series[0].points[50].y = 0.6
        #expect(try document(other) != first)
    }
}
