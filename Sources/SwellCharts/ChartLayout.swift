/// The size of text as a renderer draws it, for laying out a chart.
///
/// Measured by Pango in the font the text layers draw in (see
/// ``ChartLayerTree/metrics``), so labels fit where the layout puts them.
struct ChartTextMetrics {
    /// The width of a digit: the unit of the room kept between x tick labels
    /// and right of the plot for half of the last one.
    var advance: Double

    /// The height of digits and capitals above the baseline.
    var capHeight: Double

    /// How far descenders (`g`, `p`, `y`) reach below the baseline.
    var descent: Double

    /// The advance width of a line of text.
    var width: @Sendable (String) -> Double
}

/// Where everything of a chart goes: the geometry the layer tree is built
/// from, which SwellRender draws as PNG or SVG.
///
/// The plot area has whole-pixel edges. Its left edge is the right edge of
/// the one-pixel y axis line and its bottom edge the top edge of the x axis
/// line; data maps linearly onto it, the scale's `lowerBound` to the left and
/// bottom edges and `upperBound` to the right and top edges.
struct ChartLayout {
    let chart: Chart
    let metrics: ChartTextMetrics
    let xScale: ChartScale
    let yScale: ChartScale

    /// The plot area's edges, in pixels from the canvas' top-left corner.
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double

    /// Blank space around the whole chart.
    static let padding = 12.0
    /// The length of the tick marks outside the axes.
    static let tickLength = 5.0
    /// The space between a tick mark and its label.
    static let labelGap = 4.0
    /// The space between tick labels and an axis title, or the title and the plot.
    static let titleGap = 8.0
    /// The least room between ticks, so that labels never crowd.
    static let minimumTickSpacing = (x: 80.0, y: 40.0)
    /// The smallest plot area worth drawing.
    static let minimumPlotSize = 40.0
    /// The legend's geometry: its distance from the plot, the length of a
    /// colour swatch and the space between swatch and name.
    static let legendGap = 16.0
    static let swatchLength = 24.0
    static let swatchGap = 6.0

    init(chart: Chart, metrics: ChartTextMetrics) throws(ChartError) {
        try chart.validate()
        self.chart = chart
        self.metrics = metrics
        let padding = Self.padding
        let points = chart.series.flatMap(\.points)

        // Vertical extent first: it depends only on text heights, and fixes
        // the y ticks, whose labels set the left margin.
        let titleHeight = chart.title == nil ? 0 : metrics.capHeight + Self.titleGap
        let xTitleHeight = chart.xAxisTitle.isEmpty ? 0 : metrics.capHeight + Self.titleGap
        top = (padding + titleHeight + metrics.capHeight / 2).rounded(.up)
        bottom = (Double(chart.height) - padding - metrics.descent - xTitleHeight
            - metrics.capHeight - Self.labelGap - Self.tickLength - 1).rounded(.down)
        let yIntervals = Int((bottom - top) / Self.minimumTickSpacing.y)
        yScale = ChartScale(covering: points.map(\.y), maximumIntervals: yIntervals)

        let yTitleWidth = chart.yAxisTitle.isEmpty ? 0 : metrics.capHeight + Self.titleGap
        let yLabelWidth = yScale.tickLabels.map(metrics.width).max() ?? 0
        left = (padding + yTitleWidth + yLabelWidth + Self.labelGap + Self.tickLength + 1).rounded(.up)

        let legendWidth = chart.series.count > 1
            ? Self.legendGap + Self.swatchLength + Self.swatchGap
                + (chart.series.map { metrics.width($0.name) }.max() ?? 0)
            : 0
        // Without a legend, leave room for half of a long last x label.
        right = (Double(chart.width) - padding - max(legendWidth, 4 * metrics.advance)).rounded(.down)

        guard right - left >= Self.minimumPlotSize, bottom - top >= Self.minimumPlotSize else {
            throw .canvasTooSmall(width: chart.width, height: chart.height)
        }
        xScale = Self.xScale(covering: points.map(\.x), plotWidth: right - left, metrics: metrics)
    }

    /// The densest x scale whose labels keep two characters of space between
    /// each other, or the sparsest one when none does.
    private static func xScale(covering values: [Double], plotWidth: Double, metrics: ChartTextMetrics) -> ChartScale {
        func crowded(_ scale: ChartScale) -> Bool {
            let spacing = plotWidth / Double(scale.ticks.count - 1)
            let widest = scale.tickLabels.map(metrics.width).max() ?? 0
            return widest + 2 * metrics.advance > spacing
        }
        var intervals = Int(plotWidth / minimumTickSpacing.x)
        var scale = ChartScale(covering: values, maximumIntervals: intervals)
        while crowded(scale) && intervals > 1 {
            intervals = min(intervals, scale.ticks.count - 1) - 1
            scale = ChartScale(covering: values, maximumIntervals: intervals)
        }
        return scale
    }

    // MARK: Data to pixels

    /// The horizontal pixel position of the value `x`.
    func pixelX(_ x: Double) -> Double {
        left + xScale.fraction(of: x) * (right - left)
    }

    /// The vertical pixel position of the value `y` (pixels grow downwards).
    func pixelY(_ y: Double) -> Double {
        bottom - yScale.fraction(of: y) * (bottom - top)
    }

    // MARK: Text positions

    /// The baseline of the chart title, centred over the plot.
    var titleBaseline: Double { Self.padding + metrics.capHeight }

    /// The centre of the plot area horizontally, where titles are centred.
    var plotCenterX: Double { (left + right) / 2 }

    /// The centre of the plot area vertically, where the y axis title is centred.
    var plotCenterY: Double { (top + bottom) / 2 }

    /// The baseline of the x tick labels.
    var xTickLabelBaseline: Double { bottom + 1 + Self.tickLength + Self.labelGap + metrics.capHeight }

    /// The right end of the y tick labels.
    var yTickLabelEnd: Double { left - 1 - Self.tickLength - Self.labelGap }

    /// The baseline of a y tick label: the label's digits are centred on the tick.
    func yTickLabelBaseline(_ tickY: Double) -> Double { tickY + metrics.capHeight / 2 }

    /// The baseline of the x axis title.
    var xTitleBaseline: Double { Double(chart.height) - Self.padding - metrics.descent }

    /// The baseline of the y axis title, which reads bottom to top; the
    /// baseline is vertical and the letters stand to its left.
    var yTitleBaseline: Double { Self.padding + metrics.capHeight }

    /// One legend line: the series' swatch and name.
    struct LegendEntry {
        var name: String
        var color: ChartColor
        var swatchStart: Double
        var swatchEnd: Double
        var swatchY: Double
        var textX: Double
        var baseline: Double
    }

    /// The legend, top-aligned to the right of the plot; empty for a single
    /// series, whose name the axis title can carry.
    var legend: [LegendEntry] {
        guard chart.series.count > 1 else { return [] }
        let lineHeight = 2 * metrics.capHeight
        let swatchStart = right + Self.legendGap
        return chart.series.indices.map { index in
            let baseline = top + metrics.capHeight + Double(index) * lineHeight
            return LegendEntry(
                name: chart.series[index].name,
                color: chart.color(ofSeriesAt: index),
                swatchStart: swatchStart,
                swatchEnd: swatchStart + Self.swatchLength,
                swatchY: baseline - metrics.capHeight / 2,
                textX: swatchStart + Self.swatchLength + Self.swatchGap,
                baseline: baseline)
        }
    }
}
