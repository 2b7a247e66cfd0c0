import Foundation
import TestSupport
import Testing
@testable import SwellCharts

/// Charts whose curves the tests know in closed form.
enum ChartFixture {
    /// The published Tableau 10 colours (`d3.schemeCategory10`), first three.
    static let blue = (red: 0x1f, green: 0x77, blue: 0xb4)
    static let orange = (red: 0xff, green: 0x7f, blue: 0x0e)
    static let green = (red: 0x2c, green: 0xa0, blue: 0x2c)

    /// Series A: 0.25 until 4 s, a linear ramp to 0.75 at 6 s, then 0.75.
    static func rampValue(_ t: Double) -> Double {
        t <= 4 ? 0.25 : (t >= 6 ? 0.75 : 0.25 + (t - 4) / 2 * 0.5)
    }

    /// Series B: 0.5 before 5 s, 1 from 5 s on.
    static func stepValue(_ t: Double) -> Double { t < 5 ? 0.5 : 1 }

    /// Series C: a slow wobble between 0.05 and 0.15, below the others.
    static func wobbleValue(_ t: Double) -> Double { 0.1 + 0.05 * sin(t) }

    /// The grid `t_k = k/10`, k = 0…100.
    static let times = (0...100).map { Double($0) / 10 }

    /// Three series over 0…10 s with values in 0.05…1: whatever the tick
    /// density, the axes run exactly 0…10 and 0…1, since 10 and 1 are
    /// multiples of every candidate step small enough to fit.
    static func threeSeries(width: Int = 480, height: Int = 320) -> Chart {
        Chart(
            title: "Fixture",
            series: [
                ChartSeries(name: "a.volume", samples: times.map(rampValue), start: 0, rate: 10),
                ChartSeries(name: "b.volume", samples: times.map(stepValue), start: 0, rate: 10),
                ChartSeries(name: "c.volume", samples: times.map(wobbleValue), start: 0, rate: 10),
            ],
            width: width, height: height)
    }
}

/// Scratch space for the files the peer tools (FFmpeg, librsvg, Python in
/// ``PythonPNGDecoder``) read and write.
enum PeerTool {
    /// A fresh directory for one test's files, removed by `body`'s end.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swell-chart-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

}

/// The two pictures a chart is drawn as, each read back by peer tools: the
/// PNG decoded by FFmpeg; the SVG rasterised by librsvg's `rsvg-convert`,
/// a renderer of its own, then decoded by FFmpeg. The probes of the
/// pictures run on both.
enum ChartPicture: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case png, svg

    var testDescription: String { rawValue }

    /// `chart` in this format, written to `directory` as `chart.png` — the
    /// PNG itself, or the SVG (`chart.svg`) rasterised.
    func write(_ chart: Chart, in directory: URL) throws -> URL {
        let png = directory.appendingPathComponent("chart.png")
        switch self {
        case .png:
            try chart.pngData().write(to: png)
        case .svg:
            let svg = directory.appendingPathComponent("chart.svg")
            try Data(chart.svgDocument().utf8).write(to: svg)
            try Subprocess.run("rsvg-convert", ["--format", "png", "-o", png.path, svg.path]).requireSuccess()
        }
        return png
    }

    /// `chart` in this format as RGB pixels, at the size ffprobe reads.
    func decoded(_ chart: Chart) throws -> DecodedRGB {
        try PeerTool.withTemporaryDirectory { directory in
            try DecodedRGB(decoding: write(chart, in: directory))
        }
    }
}
