/// Why a ``Chart`` could not be drawn.
public enum ChartError: Error, Equatable, CustomStringConvertible {
    /// A sample is NaN, infinite, or so large (beyond ±1e300) that the axis
    /// range would overflow.
    case unplottableValue(series: String, index: Int, axis: String, value: Double)

    /// The canvas leaves no room for a plot area of at least 40 × 40 pixels
    /// once the titles, tick labels and legend are placed.
    case canvasTooSmall(width: Int, height: Int)

    /// A side of the canvas is longer than ``Chart/largestSize`` pixels.
    case canvasTooLarge(width: Int, height: Int)

    /// Cairo's PNG or SVG writer failed, with its reason.
    case encodingFailed(reason: String)

    public var description: String {
        switch self {
        case let .unplottableValue(series, index, axis, value):
            "chart series '\(series)' point \(index) has \(axis) = \(value); "
                + "charts need finite values within ±1e300"
        case let .canvasTooSmall(width, height):
            "chart size \(width)x\(height) leaves no room for the plot; "
                + "enlarge it or shorten the titles and series names"
        case let .canvasTooLarge(width, height):
            "chart size \(width)x\(height) is too large; each side may be at most \(Chart.largestSize) pixels"
        case let .encodingFailed(reason):
            "the chart could not be encoded: \(reason)"
        }
    }
}
