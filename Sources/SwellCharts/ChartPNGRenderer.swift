import Foundation

extension Chart {
    /// The chart as a PNG image: 8-bit RGB, ``width`` × ``height`` pixels.
    ///
    /// It shows what ``svgDocument()`` shows — white background, grid, axes
    /// with ticks and labels, titles, anti-aliased 2-pixel curves and a
    /// legend for several series — painted by Swell's own rasteriser and
    /// lettered in its own bitmap font, so no font or
    /// graphics library is needed; zlib compresses the pixels.
    ///
    /// The output depends only on the chart and the zlib version: the same
    /// chart gives the same bytes.
    public func pngData() throws(ChartError) -> Data {
        let layout = try ChartLayout(chart: self, metrics: ChartPNGRenderer.font.metrics)
        return try PNGEncoder.encode(ChartPNGRenderer(layout: layout).image())
    }
}

/// Paints a laid-out chart on a raster image.
///
/// Axes, ticks and grid lines are one-pixel lines on whole pixels, so they
/// stay sharp; curves are anti-aliased. The axes are drawn over the curves,
/// as in matplotlib, so that a curve along an edge never breaks them. The y axis fills the pixel column
/// left of the plot area and the x axis the pixel row below it (see
/// ``ChartLayout``).
struct ChartPNGRenderer {
    let layout: ChartLayout

    /// The bitmap font at twice its size: 14-pixel capitals, as legible as
    /// the SVG's 12-pixel text.
    static let font = BitmapFont(scale: 2)

    /// The width of a curve, in pixels.
    static let lineWidth = 2.0

    private var chart: Chart { layout.chart }
    private var left: Int { Int(layout.left) }
    private var right: Int { Int(layout.right) }
    private var top: Int { Int(layout.top) }
    private var bottom: Int { Int(layout.bottom) }

    func image() -> RasterImage {
        var image = RasterImage(width: chart.width, height: chart.height, color: ChartColor.background)
        drawGrid(on: &image)
        drawSeries(on: &image)
        drawAxes(on: &image)
        drawTitles(on: &image)
        drawLegend(on: &image)
        return image
    }

    /// The pixel column of a vertical line at `x`: the one just inside
    /// towards the y axis, so the first tick lands on the axis and the last
    /// on the plot's right edge.
    private func column(at x: Double) -> Int {
        min(max(Int(x.rounded(.up)) - 1, left - 1), right - 1)
    }

    /// The pixel row of a horizontal line at `y`: the one just inside
    /// towards the x axis, so the first tick lands on the axis.
    private func row(at y: Double) -> Int {
        min(max(Int(y.rounded(.down)), top), bottom)
    }

    private func drawGrid(on image: inout RasterImage) {
        for tick in layout.xScale.ticks.dropFirst() {
            image.fill(x: column(at: layout.pixelX(tick)), y: top, width: 1, height: bottom - top, color: ChartColor.grid)
        }
        for tick in layout.yScale.ticks.dropFirst() {
            image.fill(x: left, y: row(at: layout.pixelY(tick)), width: right - left, height: 1, color: ChartColor.grid)
        }
    }

    private func drawAxes(on image: inout RasterImage) {
        let ink = ChartColor.ink
        let font = Self.font
        let tickLength = Int(ChartLayout.tickLength)
        image.fill(x: left - 1, y: top, width: 1, height: bottom - top + 1, color: ink)
        image.fill(x: left - 1, y: bottom, width: right - left + 1, height: 1, color: ink)
        for (tick, label) in zip(layout.xScale.ticks, layout.xScale.tickLabels) {
            let x = layout.pixelX(tick)
            image.fill(x: column(at: x), y: bottom + 1, width: 1, height: tickLength, color: ink)
            image.draw(label, font: font, x: x, baseline: layout.xTickLabelBaseline, anchor: .middle, color: ink)
        }
        for (tick, label) in zip(layout.yScale.ticks, layout.yScale.tickLabels) {
            let y = layout.pixelY(tick)
            image.fill(x: left - 1 - tickLength, y: row(at: y), width: tickLength, height: 1, color: ink)
            image.draw(label, font: font, x: layout.yTickLabelEnd, baseline: layout.yTickLabelBaseline(y),
                       anchor: .end, color: ink)
        }
    }

    private func drawTitles(on image: inout RasterImage) {
        let ink = ChartColor.ink
        if let title = chart.title {
            image.draw(title, font: Self.font, x: layout.plotCenterX, baseline: layout.titleBaseline,
                       anchor: .middle, color: ink)
        }
        image.draw(chart.xAxisTitle, font: Self.font, x: layout.plotCenterX, baseline: layout.xTitleBaseline,
                   anchor: .middle, color: ink)
        image.draw(chart.yAxisTitle, font: Self.font, x: layout.yTitleBaseline, baseline: layout.plotCenterY,
                   anchor: .middle, rotated: true, color: ink)
    }

    private func drawSeries(on image: inout RasterImage) {
        for (index, series) in chart.series.enumerated() {
            let points = series.points.map { (x: layout.pixelX($0.x), y: layout.pixelY($0.y)) }
            image.strokePolyline(points, lineWidth: Self.lineWidth, color: chart.color(ofSeriesAt: index))
        }
    }

    private func drawLegend(on image: inout RasterImage) {
        for entry in layout.legend {
            image.strokePolyline(
                [(entry.swatchStart, entry.swatchY), (entry.swatchEnd, entry.swatchY)],
                lineWidth: Self.lineWidth, color: entry.color)
            image.draw(entry.name, font: Self.font, x: entry.textX, baseline: entry.baseline, color: ChartColor.ink)
        }
    }
}
