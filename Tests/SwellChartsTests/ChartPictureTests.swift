import Foundation
import SwellCore
import TestSupport
import Testing
@testable import SwellCharts

/// The PNG and the SVG: the chart's layer tree drawn by SwellRender into
/// pixels and on Cairo's SVG surface, read back by peer tools (FFmpeg,
/// ffprobe, Python's zlib, librsvg's rsvg-convert) and probed where
/// closed-form curves must lie.
@Suite struct ChartPictureTests {
    /// The fixture chart as PNG, decoded by Python and by FFmpeg.
    struct Decoded {
        var report: PythonPNGDecoder.Report
        var python: DecodedRGB
        var image: DecodedRGB
    }

    /// Decoded once for all the tests: the Python decoder takes a while.
    static let fixture = Result { () throws -> Decoded in
        try PeerTool.withTemporaryDirectory { directory in
            let file = try ChartPicture.png.write(ChartFixture.threeSeries(width: 480, height: 320), in: directory)
            let (report, python) = try PythonPNGDecoder.decode(file, in: directory)
            return Decoded(report: report, python: python, image: try DecodedRGB(decoding: file))
        }
    }

    /// The fixture chart in each format, read back once.
    static let pictures = Dictionary(uniqueKeysWithValues: ChartPicture.allCases.map { picture in
        (picture, Result { try picture.decoded(ChartFixture.threeSeries(width: 480, height: 320)) })
    })

    static func picture(_ format: ChartPicture) throws -> DecodedRGB {
        try pictures[format]!.get()
    }

    @Test func isAValidOpaquePNGThatFFmpegAndPythonReadTheSame() throws {
        let decoded = try Self.fixture.get()
        let report = decoded.report
        #expect(report.signatureIsValid)
        #expect(report.crcsAreValid)
        #expect(report.chunkTypes.first == "IHDR")
        #expect(report.chunkTypes.last == "IEND")
        #expect(report.chunkTypes.contains("IDAT"))
        #expect(report.bitDepth == 8)
        #expect([2, 6].contains(report.colorType))
        #expect(report.alphaIsOpaque)
        #expect(report.width == 480 && report.height == 320)
        #expect(decoded.image.width == 480 && decoded.image.height == 320, "ffprobe's size")
        #expect(decoded.image.bytes == decoded.python.bytes, "FFmpeg and the Python decoder disagree on the pixels")
    }

    @Test(arguments: ChartPicture.allCases)
    func backgroundIsWhite(in format: ChartPicture) throws {
        let image = try Self.picture(format)
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image[x, y] == (255, 255, 255), "corner (\(x), \(y))")
        }
        let white = stride(from: 0, to: image.bytes.count, by: 3).filter {
            image.bytes[$0] == 255 && image.bytes[$0 + 1] == 255 && image.bytes[$0 + 2] == 255
        }
        #expect(white.count > image.width * image.height / 2)
    }

    /// Tick labels and titles are ink left of and below the axes' tick
    /// marks and above the plot, and none of it reaches the image's edge: a
    /// three-pixel margin all round stays white.
    @Test(arguments: ChartPicture.allCases)
    func labelsAreDrawnInsideTheImage(in format: ChartPicture) throws {
        let image = try Self.picture(format)
        let frame = try PlotFrame(image)
        #expect(frame.right - frame.left > image.width / 2)
        #expect(frame.bottom - frame.top > image.height / 2)
        func ink(columns: Range<Int>, rows: Range<Int>) -> Int {
            rows.reduce(0) { count, y in count + columns.filter { image.isDark(x: $0, y: y) }.count }
        }
        let tick = Int(ChartLayout.tickLength)
        #expect(ink(columns: 0..<(frame.left - 1 - tick), rows: frame.top..<frame.bottom) > 40, "y labels and title")
        #expect(ink(columns: frame.left..<frame.right, rows: (frame.bottom + 1 + tick)..<image.height) > 40,
                "x labels and title")
        #expect(ink(columns: frame.left..<frame.right, rows: 0..<frame.top) > 20, "the title")
        let margin = 3
        let edges = ink(columns: 0..<image.width, rows: 0..<margin)
            + ink(columns: 0..<image.width, rows: (image.height - margin)..<image.height)
            + ink(columns: 0..<margin, rows: 0..<image.height)
            + ink(columns: (image.width - margin)..<image.width, rows: 0..<image.height)
        #expect(edges == 0, "ink within \(margin) pixels of the edge")
        let grey = (0..<image.width).flatMap { x in (0..<image.height).map { (x, $0) } }.filter { x, y in
            let pixel = image[x, y]
            return pixel.red == pixel.green && pixel.green == pixel.blue && pixel.red > 0x26 && pixel.red < 0xe6
        }
        #expect(grey.count > 200, "text is anti-aliased: \(grey.count) intermediate greys")
    }

    /// The text layers of the tree stand inside the canvas and apart from
    /// each other; the y axis title is turned upright.
    @Test func textLayersStayInsideTheCanvasAndApart() throws {
        let root = try ChartFixture.threeSeries(width: 480, height: 320).layerTree()
        let texts = (root.sublayers ?? []).compactMap { $0 as? CATextLayer }
        let strings = texts.compactMap { $0.string as? String }
        #expect(strings.contains("Fixture") && strings.contains("time (s)") && strings.contains("value"))
        #expect(["a.volume", "b.volume", "c.volume"].allSatisfy(strings.contains))
        for text in texts {
            #expect(root.bounds.insetBy(dx: 1, dy: 1).contains(text.frame), "\(text.string ?? "") at \(text.frame)")
        }
        for (index, a) in texts.enumerated() {
            for b in texts[(index + 1)...] {
                #expect(!a.frame.intersects(b.frame), "\(a.string ?? "") overlaps \(b.string ?? "")")
            }
        }
        let yTitle = try #require(texts.first { $0.string as? String == "value" })
        #expect(yTitle.frame.height > 2 * yTitle.frame.width)
    }

    /// On the flat stretches the 2-pixel stroke covers the pixel holding the
    /// point completely, so it has exactly the series' colour.
    @Test(arguments: ChartPicture.allCases)
    func flatStretchesAreDrawnInTheSeriesColour(in format: ChartPicture) throws {
        let image = try Self.picture(format)
        let frame = try PlotFrame(image)
        let cases: [(t: Double, value: Double, color: (red: Int, green: Int, blue: Int))] =
            [1, 2, 3, 3.9].map { (t: $0, value: ChartFixture.rampValue($0), color: ChartFixture.blue) }
            + [6.5, 7, 8, 9].map { (t: $0, value: ChartFixture.rampValue($0), color: ChartFixture.blue) }
            + [0.5, 1, 2, 4].map { (t: $0, value: ChartFixture.stepValue($0), color: ChartFixture.orange) }
            + [6, 7.5, 9].map { (t: $0, value: ChartFixture.stepValue($0), color: ChartFixture.orange) }
        for (t, value, color) in cases {
            let point = frame.position(x: t, y: value, xMaximum: 10, yMaximum: 1)
            let (x, y) = (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
            #expect(image[x, y] == color, "t = \(t), value = \(value) at (\(x), \(y))")
        }
    }

    /// On slopes the stroke covers at least half of the pixel holding the
    /// point: the pixel is the series' colour mixed with white, at least
    /// half-and-half, in the same proportion in every channel.
    @Test(arguments: ChartPicture.allCases)
    func slopesAreAntiAliasedInTheSeriesColour(in format: ChartPicture) throws {
        let image = try Self.picture(format)
        let frame = try PlotFrame(image)
        let cases: [(t: Double, value: Double, color: (red: Int, green: Int, blue: Int))] = [
            (4.5, ChartFixture.rampValue(4.5), ChartFixture.blue),
            (5.5, ChartFixture.rampValue(5.5), ChartFixture.blue),
            (1.3, ChartFixture.wobbleValue(1.3), ChartFixture.green),
            (3.1, ChartFixture.wobbleValue(3.1), ChartFixture.green),
        ]
        for (t, value, color) in cases {
            let point = frame.position(x: t, y: value, xMaximum: 10, yMaximum: 1)
            let (x, y) = (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
            let coverage = image.coverage(of: color, x: x, y: y)
            #expect(coverage >= 0.5 && coverage <= 1, "t = \(t): coverage \(coverage) of \(image[x, y])")
            #expect(image.isMix(of: color, x: x, y: y), "t = \(t): \(image[x, y]) is not white mixed with \(color)")
        }
    }

    /// A fade over 0…10 s from 0 to 1, as the formulas of docs/fades.md
    /// give it: linear `t/10`, quarter-sine `sin(π/2 · t/10)`.
    static let fades: [(name: String, value: @Sendable (Double) -> Double)] = [
        ("linear", { $0 / 10 }),
        ("qsin", { sin(.pi / 2 * $0 / 10) }),
    ]

    /// In every column of the plot the curve's centre — its rows weighted by
    /// coverage — is where the plot frame, found from the axes, puts the
    /// formula's value at the column's centre, to a pixel.
    @Test(arguments: [0, 1], ChartPicture.allCases)
    func fadesLieWhereTheirFormulaPutsThem(fade: Int, in format: ChartPicture) throws {
        let (name, value) = Self.fades[fade]
        let samples = (0...1000).map { value(Double($0) / 100) }
        let image = try format.decoded(Chart(series: [ChartSeries(name: name, samples: samples, start: 0, rate: 100)],
                                           width: 640, height: 400))
        let frame = try PlotFrame(image)
        var probed = 0
        for x in (frame.left + 2)..<(frame.right - 2) {
            let t = frame.value(atColumn: x, xMaximum: 10)
            let expected = frame.position(x: t, y: value(t), xMaximum: 10, yMaximum: 1).y
            let found = try #require(image.curveCentre(of: ChartFixture.blue, x: x, rows: frame.top..<frame.bottom),
                                     "no curve in column \(x)")
            #expect(abs(found - expected) <= 1, "\(name) at t = \(t): row \(found), expected \(expected)")
            probed += 1
        }
        #expect(probed > 500)
    }

    /// Along the diagonal of a linear fade, every column holds pixels the
    /// stroke only partly covers — white mixed with the series' colour —
    /// on both sides of the fully covered ones.
    @Test(arguments: ChartPicture.allCases)
    func aDiagonalIsAntiAliased(in format: ChartPicture) throws {
        let image = try format.decoded(Chart(series: [ChartSeries(name: "linear", samples: (0...1000).map { Double($0) / 1000 },
                                                                start: 0, rate: 100)], width: 640, height: 400))
        let frame = try PlotFrame(image)
        var columns = 0, antiAliased = 0
        for x in (frame.left + 4)..<(frame.right - 4) {
            let ink = (frame.top..<frame.bottom).filter { image.isMix(of: ChartFixture.blue, x: x, y: $0) }
                .map { image.coverage(of: ChartFixture.blue, x: x, y: $0) }.filter { $0 > 0.02 }
            columns += 1
            let partial = ink.filter { $0 < 0.95 }
            if partial.count >= 2 && ink.contains(where: { $0 >= 0.95 }) { antiAliased += 1 }
            #expect(!ink.isEmpty, "no curve in column \(x)")
        }
        #expect(Double(antiAliased) >= 0.9 * Double(columns), "\(antiAliased) of \(columns) columns anti-aliased")
    }

    @Test func sameChartGivesTheSameBytes() throws {
        let first = try ChartFixture.threeSeries().pngData()
        let second = try ChartFixture.threeSeries().pngData()
        #expect(first == second)
        var other = ChartFixture.threeSeries()
        other.series[0].points[50].y = 0.6
        #expect(try other.pngData() != first)
    }

    @Test func rejectsValuesItCannotDraw() {
        let bad = Chart(series: [ChartSeries(name: "music.volume", samples: [0, 0.5, .nan], start: 0, rate: 1)])
        #expect {
            try bad.pngData()
        } throws: { error in
            guard case let .unplottableValue(series, index, axis, value) = error as? ChartError else { return false }
            return series == "music.volume" && index == 2 && axis == "y" && value.isNaN
                && !"\(error)".contains("\n") && "\(error)".contains("music.volume")
        }
        let infinite = Chart(series: [ChartSeries(name: "x", points: [ChartPoint(x: .infinity, y: 0)])])
        #expect(throws: ChartError.unplottableValue(series: "x", index: 0, axis: "x", value: .infinity)) {
            try infinite.pngData()
        }
        let huge = Chart(series: [ChartSeries(name: "x", points: [ChartPoint(x: 0, y: -1e301)])])
        #expect(throws: ChartError.unplottableValue(series: "x", index: 0, axis: "y", value: -1e301)) {
            try huge.svgDocument()
        }
    }

    @Test func rejectsCanvasesWithoutRoomForThePlot() {
        #expect(throws: ChartError.canvasTooSmall(width: 100, height: 80)) {
            try ChartFixture.threeSeries(width: 100, height: 80).pngData()
        }
        #expect(throws: ChartError.canvasTooSmall(width: -5, height: 300)) {
            try ChartFixture.threeSeries(width: -5, height: 300).svgDocument()
        }
        #expect(throws: ChartError.canvasTooLarge(width: 20_000, height: 300)) {
            try ChartFixture.threeSeries(width: 20_000, height: 300).pngData()
        }
    }
}
