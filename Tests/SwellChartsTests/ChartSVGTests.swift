import Foundation
import TestSupport
import Testing
@testable import SwellCharts

@Suite struct ChartSVGTests {
    let chart = ChartFixture.threeSeries(width: 640, height: 400)

    func parsedFixture() throws -> SVGNode {
        try SVGNode.parse(try chart.svgDocument())
    }

    @Test func isAStandaloneSVGDocument() throws {
        let text = try chart.svgDocument()
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        let svg = try SVGNode.parse(text)
        #expect(svg.name == "svg")
        #expect(svg["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg["width"] == "640")
        #expect(svg["height"] == "400")
        #expect(svg["viewBox"] == "0 0 640 400")
        let background = try #require(svg.all("rect").first)
        #expect(background["fill"] == "#ffffff")
        #expect(svg.all("title").first?.text == "Fixture")
    }

    @Test func drawsOnePolylinePerSeriesInPaletteColours() throws {
        let polylines = try parsedFixture().all("polyline")
        #expect(polylines.map { $0["data-name"] } == ["a.volume", "b.volume", "c.volume"])
        #expect(polylines.map { $0["stroke"] } == ChartFixture.paletteHex)
    }

    /// Every vertex maps back, through the axes' own ticks, to its sample.
    @Test func polylinePointsMapBackToTheData() throws {
        let svg = try parsedFixture()
        let xAxis = try SVGAxis(try #require(svg.all("g", class: "x-axis").first), horizontal: true)
        let yAxis = try SVGAxis(try #require(svg.all("g", class: "y-axis").first), horizontal: false)
        for axis in [xAxis, yAxis] {
            // A linear axis: every tick sits where the end ticks put it.
            for (value, position) in zip(axis.values, axis.positions) {
                #expect(abs(axis.position(of: value) - position) <= 0.01, "tick \(value) at \(position)")
            }
        }
        #expect(yAxis.pixelsPerUnit < 0, "the y axis grows upwards")

        let functions = [ChartFixture.rampValue, ChartFixture.stepValue, ChartFixture.wobbleValue]
        for (polyline, function) in zip(svg.all("polyline"), functions) {
            let points = try #require(polyline["points"]).split(separator: " ").map { pair in
                pair.split(separator: ",").map { Double($0)! }
            }
            #expect(points.count == ChartFixture.times.count)
            for (point, t) in zip(points, ChartFixture.times) {
                // Coordinates are rounded to 0.005 px at most.
                #expect(abs(xAxis.value(at: point[0]) - t) <= 0.006 / abs(xAxis.pixelsPerUnit))
                #expect(abs(yAxis.value(at: point[1]) - function(t)) <= 0.006 / abs(yAxis.pixelsPerUnit))
            }
        }
    }

    /// The tick labels, read as numbers, follow the rule: a 1-2-5 step, zero
    /// included, the data covered with less than one step to spare.
    @Test func tickLabelsAreNiceAndCoverTheData() throws {
        let svg = try parsedFixture()
        let x = try SVGAxis(try #require(svg.all("g", class: "x-axis").first), horizontal: true).values
        let y = try SVGAxis(try #require(svg.all("g", class: "y-axis").first), horizontal: false).values
        for (ticks, dataMinimum, dataMaximum) in [(x, 0.0, 10.0), (y, 0.05, 1.0)] {
            let step = ticks[1] - ticks[0]
            for (a, b) in zip(ticks, ticks.dropFirst()) {
                #expect(abs((b - a) - step) <= 1e-9 * step, "uneven ticks \(ticks)")
            }
            let power = pow(10, log10(step).rounded(.down))
            #expect([1.0, 2, 5].contains { abs(step / power - $0) <= 1e-9 }, "step \(step) is not 1, 2 or 5 × 10ⁿ")
            #expect(ticks.contains(0))
            #expect(ticks.first! <= min(0, dataMinimum) && ticks.first! > min(0, dataMinimum) - step)
            #expect(ticks.last! >= dataMaximum && ticks.last! < dataMaximum + step)
        }
        #expect(y.first == 0 && y.last == 1)
        #expect(x.first == 0 && x.last == 10)
    }

    /// Long labels on a narrow chart thin the x ticks out until the labels
    /// (at most 0.6 em = 7.2 px a character) no longer touch.
    @Test func longLabelsThinOutTheXTicks() throws {
        let wide = Chart(series: [ChartSeries(name: "x", points: [
            ChartPoint(x: -123_456, y: 0), ChartPoint(x: 654_321, y: 1),
        ])], width: 300, height: 200)
        let svg = try SVGNode.parse(try wide.svgDocument())
        let ticks = try #require(svg.all("g", class: "x-axis").first).all("g", class: "tick")
        let labels = ticks.map { $0.all("text").first?.text ?? "" }
        let positions = try SVGAxis(try #require(svg.all("g", class: "x-axis").first), horizontal: true).positions
        #expect(labels.contains("0"))
        for index in labels.indices.dropFirst() {
            let room = Double(labels[index - 1].count + labels[index].count) / 2 * 7.2
            #expect(positions[index] - positions[index - 1] >= room, "\(labels) at \(positions)")
        }
    }

    @Test func legendNamesSeveralSeriesOnly() throws {
        let legend = try #require(try parsedFixture().all("g", class: "legend").first)
        #expect(legend.all("text").map(\.text) == ["a.volume", "b.volume", "c.volume"])
        #expect(legend.all("line").map { $0["stroke"] } == ChartFixture.paletteHex)

        var single = chart
        single.series = [single.series[0]]
        #expect(try SVGNode.parse(try single.svgDocument()).all("g", class: "legend").isEmpty)
    }

    @Test func axisTitlesAreWritten() throws {
        var titled = chart
        titled.xAxisTitle = "time (s)"
        titled.yAxisTitle = "volume"
        let svg = try SVGNode.parse(try titled.svgDocument())
        #expect(svg.all("text", class: "x-title").map(\.text) == ["time (s)"])
        let yTitle = try #require(svg.all("text", class: "y-title").first)
        #expect(yTitle.text == "volume")
        #expect(yTitle["transform"]?.hasPrefix("rotate(-90 ") == true)
    }

    @Test func textIsEscaped() throws {
        var chart = chart
        chart.title = #"Fade <in> & "out" 'now'"#
        chart.series[0].name = "a\u{1}b & c"
        let svg = try SVGNode.parse(try chart.svgDocument())
        #expect(svg.all("title").first?.text == chart.title)
        #expect(svg.all("text", class: "title").first?.text == chart.title)
        // XML 1.0 cannot carry U+0001 at all; it becomes U+FFFD.
        #expect(svg.all("polyline").first?["data-name"] == "a\u{FFFD}b & c")
    }

    @Test func numbersAreWrittenCompactly() throws {
        let numeric = try Regex(#"^-?(0|[1-9][0-9]*)(\.[0-9]?[1-9])?$"#)
        var numbers: [String] = []
        for node in try parsedFixture().descendants {
            for name in ["x", "y", "x1", "y1", "x2", "y2", "width", "height"] {
                if let value = node[name] { numbers.append(value) }
            }
            if let points = node["points"] {
                numbers += points.split { $0 == " " || $0 == "," }.map(String.init)
            }
            if let transform = node["transform"], transform.hasPrefix("translate(") {
                numbers += transform.dropFirst("translate(".count).dropLast().split(separator: ",").map(String.init)
            }
        }
        #expect(numbers.count > 300)
        for number in numbers {
            #expect(number.wholeMatch(of: numeric) != nil, "\(number) has needless digits")
        }
    }

    @Test func aSinglePointDrawsADot() throws {
        let dot = Chart(series: [ChartSeries(name: "x", samples: [0.5], start: 2, rate: 1)])
        let points = try #require(try SVGNode.parse(try dot.svgDocument()).all("polyline").first?["points"])
        let pairs = points.split(separator: " ")
        #expect(pairs.count == 2 && pairs[0] == pairs[1])
        let round = try SVGNode.parse(try dot.svgDocument()).all("g", class: "series").first?["stroke-linecap"]
        #expect(round == "round")
    }

    /// Without data the axes still run 0…1, and an empty series is an empty
    /// polyline.
    @Test func emptyDataStillDrawsAxes() throws {
        let empty = Chart(series: [ChartSeries(name: "silence", points: [])])
        let svg = try SVGNode.parse(try empty.svgDocument())
        let yAxis = try SVGAxis(try #require(svg.all("g", class: "y-axis").first), horizontal: false)
        #expect(yAxis.values.first == 0 && yAxis.values.last == 1)
        #expect(svg.all("polyline").map { $0["points"] } == [""])
        #expect(try !Chart(series: []).pngData().isEmpty)
    }

    @Test func sameChartGivesTheSameBytes() throws {
        #expect(try chart.svgDocument() == ChartFixture.threeSeries(width: 640, height: 400).svgDocument())
    }

    /// librsvg, through FFmpeg, draws the flat stretches in the series'
    /// colours where the SVG's own axes put them.
    @Test func librsvgDrawsTheCurvesWhereTheAxesSay() throws {
        let document = try chart.svgDocument()
        let svg = try SVGNode.parse(document)
        let xAxis = try SVGAxis(try #require(svg.all("g", class: "x-axis").first), horizontal: true)
        let yAxis = try SVGAxis(try #require(svg.all("g", class: "y-axis").first), horizontal: false)
        let image = try PeerTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("chart.svg")
            try document.write(to: file, atomically: true, encoding: .utf8)
            return try DecodedRGB(decoding: file, in: directory)
        }
        try #require(image.width == 640 && image.height == 400, "librsvg drew \(image.width)x\(image.height)")
        let cases = [(1.0, ChartFixture.rampValue, ChartFixture.blue), (8, ChartFixture.rampValue, ChartFixture.blue),
                     (2, ChartFixture.stepValue, ChartFixture.orange), (7, ChartFixture.stepValue, ChartFixture.orange)]
        for (t, function, color) in cases {
            let x = Int(xAxis.position(of: t).rounded(.down))
            let y = Int(yAxis.position(of: function(t)).rounded(.down))
            let found = image[x, y]
            #expect(abs(found.red - color.red) <= 3 && abs(found.green - color.green) <= 3
                        && abs(found.blue - color.blue) <= 3, "t = \(t) at (\(x), \(y)): \(found)")
        }
    }
}
