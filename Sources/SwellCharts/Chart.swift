/// A line chart of one or more series over time, drawn as SVG or PNG.
///
/// `swell curve --format svg|png` and `swell demo` use it to show how a layer
/// property such as `volume` evolves: each series is one `LAYER.KEY` sampled on
/// the time grid `t_k = start + k/rate`, the x axis is time in seconds and the
/// y axis the value. Both axes cover zero and every sample, with ticks at
/// multiples of 1, 2 or 5 × 10ⁿ (see ``ChartScale``), so charts of different
/// curves compare at a glance.
///
/// Both pictures are the chart as a Core Animation layer tree
/// (``layerTree()``) that SwellRender draws, as it draws any other tree:
/// into pixels for the PNG, on Cairo's SVG surface for the SVG.
///
/// The model is plain data; rendering validates it and throws a ``ChartError``
/// for values that cannot be drawn (NaN, infinities, magnitudes beyond 1e300)
/// or a canvas too small to hold the axes, labels and legend.
///
/// ```swift
/// let chart = Chart(
///     title: "fade-in",
///     series: [ChartSeries(name: "music.volume", samples: volumes, start: 0, rate: 100)])
/// let svg = try chart.svgDocument()
/// let png = try chart.pngData()
/// ```
public struct Chart: Sendable, Equatable {
    /// The heading drawn above the plot, or `nil` for none.
    public var title: String?

    /// The title of the horizontal axis.
    public var xAxisTitle: String

    /// The title of the vertical axis.
    public var yAxisTitle: String

    /// The curves, drawn in order (later series over earlier ones). A legend
    /// names them when there is more than one.
    public var series: [ChartSeries]

    /// The canvas width in pixels (the layer tree's points).
    /// The plot area must keep at least 40 × 40 pixels once titles, labels
    /// and legend have their room.
    public var width: Int

    /// The canvas height in pixels.
    public var height: Int

    /// The longest side a canvas may have, which bounds a PNG's memory
    /// (16384² ARGB pixels are 1 GiB).
    public static let largestSize = 16_384

    public init(
        title: String? = nil,
        xAxisTitle: String = "time (s)",
        yAxisTitle: String = "value",
        series: [ChartSeries],
        width: Int = 800,
        height: Int = 480
    ) {
        self.title = title
        self.xAxisTitle = xAxisTitle
        self.yAxisTitle = yAxisTitle
        self.series = series
        self.width = width
        self.height = height
    }

    /// The colour of the series at `index`: its own ``ChartSeries/color`` or
    /// the palette entry for its position.
    func color(ofSeriesAt index: Int) -> ChartColor {
        series[index].color ?? ChartColor.seriesPalette[index % ChartColor.seriesPalette.count]
    }

    /// Throws for an oversized canvas or the first value that cannot be drawn.
    func validate() throws(ChartError) {
        guard width <= Self.largestSize, height <= Self.largestSize else {
            throw .canvasTooLarge(width: width, height: height)
        }
        for series in series {
            for (index, point) in series.points.enumerated() {
                for (axis, value) in [("x", point.x), ("y", point.y)]
                where !(value.magnitude <= ChartScale.largestMagnitude) {
                    throw .unplottableValue(series: series.name, index: index, axis: axis, value: value)
                }
            }
        }
    }
}
