/// One point of a chart series: `x` is usually a time in seconds, `y` the
/// value at that time.
public struct ChartPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A named curve of a ``Chart``, drawn as one polyline through its points in
/// order.
public struct ChartSeries: Sendable, Equatable {
    /// The name shown in the legend, such as `music.volume`.
    public var name: String

    /// The samples, joined in order.
    public var points: [ChartPoint]

    /// The stroke colour, or `nil` for the palette colour of the series'
    /// position in the chart (``ChartColor/seriesPalette``).
    public var color: ChartColor?

    public init(name: String, points: [ChartPoint], color: ChartColor? = nil) {
        self.name = name
        self.points = points
        self.color = color
    }

    /// A series sampled on the grid `swell curve` uses (docs/cli.md#curve):
    /// `samples[k]` is the value at `t_k = start + k/rate`.
    ///
    /// Each time is computed from its index, never by summing `1/rate`, so the
    /// grid does not drift over long curves.
    public init(name: String, samples: [Double], start: Double, rate: Double, color: ChartColor? = nil) {
        let points = samples.enumerated().map { k, value in
            ChartPoint(x: start + Double(k) / rate, y: value)
        }
        self.init(name: name, points: points, color: color)
    }
}
