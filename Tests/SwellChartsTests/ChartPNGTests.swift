import Foundation
import Testing
@testable import SwellCharts

@Suite struct ChartPNGTests {
    /// The plot area found from the pixels alone: the y axis is the longest
    /// vertical dark run, the x axis the longest horizontal one. By the
    /// layout's convention the plot's left edge is the right edge of the y axis
    /// column and its bottom edge the top edge of the x axis row.
    struct PlotFrame {
        var left: Int, right: Int, top: Int, bottom: Int

        init(_ image: DecodedRGB) throws {
            func longestRun(count: Int, isDark: (Int) -> Bool) -> (start: Int, length: Int) {
                var best = (start: 0, length: 0)
                var start = 0
                for index in 0...count {
                    if index < count && isDark(index) { continue }
                    if index - start > best.length { best = (start, index - start) }
                    start = index + 1
                }
                return best
            }
            let columns = (0..<image.width).map { x in
                (x, longestRun(count: image.height) { image.isDark(x: x, y: $0) })
            }
            let rows = (0..<image.height).map { y in
                (y, longestRun(count: image.width) { image.isDark(x: $0, y: y) })
            }
            let yAxis = columns.max { $0.1.length < $1.1.length }!
            let xAxis = rows.max { $0.1.length < $1.1.length }!
            try #require(yAxis.1.length > image.height / 2, "no y axis line: longest vertical run \(yAxis.1.length)")
            try #require(xAxis.1.length > image.width / 2, "no x axis line: longest horizontal run \(xAxis.1.length)")
            left = yAxis.0 + 1
            top = yAxis.1.start
            bottom = xAxis.0
            right = xAxis.1.start + xAxis.1.length
            // The axes meet: each line's run passes through the other.
            #expect((yAxis.1.start..<(yAxis.1.start + yAxis.1.length)).contains(bottom))
            #expect((xAxis.1.start..<right).contains(yAxis.0))
        }

        /// The pixel holding the data point `(t, value)`, for axes 0…10 and 0…1.
        func pixel(t: Double, value: Double) -> (x: Int, y: Int) {
            let x = Double(left) + t / 10 * Double(right - left)
            let y = Double(bottom) - value * Double(bottom - top)
            return (Int(x.rounded(.down)), Int(y.rounded(.down)))
        }
    }

    /// The fixture chart as PNG, decoded by Python and by FFmpeg.
    struct Decoded {
        var report: PythonPNGDecoder.Report
        var image: DecodedRGB
        var ffmpeg: [UInt8]
    }

    /// Decoded once for all the tests: the Python decoder takes a while.
    static let fixture = Result { () throws -> Decoded in
        try PeerTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("chart.png")
            try ChartFixture.threeSeries(width: 480, height: 320).pngData().write(to: file)
            let (report, image) = try PythonPNGDecoder.decode(file, in: directory)
            return Decoded(report: report, image: image, ffmpeg: try PeerTool.ffmpegRGB(file, in: directory))
        }
    }

    @Test func isAValidEightBitRGBPNGThatFFmpegReadsTheSame() throws {
        let (report, image, ffmpeg) = try Self.fixture.map { ($0.report, $0.image, $0.ffmpeg) }.get()
        #expect(report.signatureIsValid)
        #expect(report.crcsAreValid)
        #expect(report.chunkTypes.first == "IHDR")
        #expect(report.chunkTypes.last == "IEND")
        #expect(report.chunkTypes.contains("IDAT"))
        #expect(report.bitDepth == 8)
        #expect([2, 6].contains(report.colorType))
        #expect(report.alphaIsOpaque)
        #expect(report.width == 480 && report.height == 320)
        #expect(image.bytes.count == 480 * 320 * 3)
        #expect(ffmpeg == image.bytes, "FFmpeg and the Python decoder disagree on the pixels")
    }

    @Test func backgroundIsWhite() throws {
        let image = try Self.fixture.get().image
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image[x, y] == (255, 255, 255), "corner (\(x), \(y))")
        }
        let white = stride(from: 0, to: image.bytes.count, by: 3).filter {
            image.bytes[$0] == 255 && image.bytes[$0 + 1] == 255 && image.bytes[$0 + 2] == 255
        }
        #expect(white.count > image.width * image.height / 2)
    }

    @Test func axesHaveTicksAndLabels() throws {
        let image = try Self.fixture.get().image
        let frame = try PlotFrame(image)
        #expect(frame.right - frame.left > image.width / 2)
        #expect(frame.bottom - frame.top > image.height / 2)
        // Ink left of the y axis' tick marks (labels, title) and below the x
        // axis' tick marks (labels, title).
        let leftInk = (frame.top...frame.bottom).contains { y in (0..<(frame.left - 7)).contains { image.isDark(x: $0, y: y) } }
        let bottomInk = ((frame.bottom + 7)..<image.height).contains { y in
            (frame.left..<frame.right).contains { image.isDark(x: $0, y: y) }
        }
        #expect(leftInk)
        #expect(bottomInk)
    }

    /// On the flat stretches the 2-pixel stroke covers the pixel holding the
    /// point completely, so it has exactly the series' colour.
    @Test func flatStretchesAreDrawnInTheSeriesColour() throws {
        let image = try Self.fixture.get().image
        let frame = try PlotFrame(image)
        let cases: [(t: Double, value: Double, color: (red: Int, green: Int, blue: Int))] =
            [1, 2, 3, 3.9].map { (t: $0, value: ChartFixture.rampValue($0), color: ChartFixture.blue) }
            + [6.5, 7, 8, 9].map { (t: $0, value: ChartFixture.rampValue($0), color: ChartFixture.blue) }
            + [0.5, 1, 2, 4].map { (t: $0, value: ChartFixture.stepValue($0), color: ChartFixture.orange) }
            + [6, 7.5, 9].map { (t: $0, value: ChartFixture.stepValue($0), color: ChartFixture.orange) }
        for (t, value, color) in cases {
            let pixel = frame.pixel(t: t, value: value)
            #expect(image[pixel.x, pixel.y] == color, "t = \(t), value = \(value) at \(pixel)")
        }
    }

    /// On slopes the stroke covers at least half of the pixel holding the
    /// point: the pixel is the series' colour mixed with white, at least
    /// half-and-half, in the same proportion in every channel.
    @Test func slopesAreAntiAliasedInTheSeriesColour() throws {
        let image = try Self.fixture.get().image
        let frame = try PlotFrame(image)
        let cases: [(t: Double, value: Double, color: (red: Int, green: Int, blue: Int))] = [
            (4.5, ChartFixture.rampValue(4.5), ChartFixture.blue),
            (5.5, ChartFixture.rampValue(5.5), ChartFixture.blue),
            (1.3, ChartFixture.wobbleValue(1.3), ChartFixture.green),
            (3.1, ChartFixture.wobbleValue(3.1), ChartFixture.green),
        ]
        for (t, value, color) in cases {
            let pixel = frame.pixel(t: t, value: value)
            let found = image[pixel.x, pixel.y]
            // The channel with the most contrast to white measures coverage.
            let coverage = Double(255 - found.red) / Double(255 - color.red)
            #expect(coverage >= 0.5 && coverage <= 1, "t = \(t): coverage \(coverage) of \(found)")
            for (channel, target) in [(found.green, color.green), (found.blue, color.blue)] {
                let expected = 255 - coverage * Double(255 - target)
                #expect(abs(Double(channel) - expected) <= 2, "t = \(t): \(found) is not white mixed with \(color)")
            }
        }
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
