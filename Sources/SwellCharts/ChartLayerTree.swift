import Foundation
import SwellCore
import SwellRender

/// A laid-out chart as a Core Animation layer tree: shape layers for the
/// grid, the curves and the axes, text layers for the labels and titles —
/// what an iOS app would build to show the chart, drawn by SwellRender like
/// any other tree.
///
/// Sublayers are drawn in order (Apple's `sublayers` reference), so the
/// order is the picture's: grid, curves, axes over the curves (as in
/// matplotlib, so that a curve along an edge never breaks them), text,
/// legend. Axes, ticks and grid lines are one-pixel strokes through pixel
/// centres, so they stay sharp: the y axis fills the pixel column left of
/// the plot area and the x axis the pixel row below it (see
/// ``ChartLayout``). Curves are 2-pixel anti-aliased strokes with round
/// joins and caps, so a single point still shows as a dot.
struct ChartLayerTree {
    let layout: ChartLayout

    /// DejaVu Sans — the font SwellRender's text layers map sans-serif names
    /// to — by its PostScript names, 12 pixels high.
    static let fontName = "DejaVuSans"
    static let titleFontName = "DejaVuSans-Bold"
    static let fontSize = 12.0

    /// The width of a curve, in pixels.
    static let lineWidth = 2.0

    /// Text measured as the text layers will draw it: capitals and digits
    /// from the ink of "0H", descenders from that of "gjpqy".
    static let metrics: ChartTextMetrics = {
        let capitals = measure("0H"), descenders = measure("gjpqy")
        return ChartTextMetrics(
            advance: measure("0").size.width,
            capHeight: capitals.baseline - capitals.ink.minY,
            descent: descenders.ink.maxY - descenders.baseline,
            width: { measure($0).size.width })
    }()

    /// `text` measured in `font` at the labels' size.
    static func measure(_ text: String, font: String = ChartLayerTree.fontName) -> TextExtents {
        TextExtents(measuring: text, fontName: font, fontSize: fontSize)
    }

    private var chart: Chart { layout.chart }

    /// The root layer, `width` × `height` points, white, holding the chart.
    func rootLayer() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: chart.width, height: chart.height)
        root.backgroundColor = ChartColor.background.cgColor
        root.addSublayer(shape(gridLines(), color: ChartColor.grid, width: 1))
        for (index, series) in chart.series.enumerated() {
            let points = series.points.map { CGPoint(x: layout.pixelX($0.x), y: layout.pixelY($0.y)) }
            root.addSublayer(curve(points, color: chart.color(ofSeriesAt: index)))
        }
        root.addSublayer(shape(axisLines(), color: ChartColor.ink, width: 1))
        for (tick, label) in zip(layout.xScale.ticks, layout.xScale.tickLabels) {
            root.addSublayer(text(label, x: layout.pixelX(tick), baseline: layout.xTickLabelBaseline, anchor: 0.5))
        }
        for (tick, label) in zip(layout.yScale.ticks, layout.yScale.tickLabels) {
            let y = layout.pixelY(tick)
            root.addSublayer(text(label, x: layout.yTickLabelEnd, baseline: layout.yTickLabelBaseline(y), anchor: 1))
        }
        if let title = chart.title {
            root.addSublayer(text(title, font: Self.titleFontName, x: layout.plotCenterX,
                                  baseline: layout.titleBaseline, anchor: 0.5))
        }
        if !chart.xAxisTitle.isEmpty {
            root.addSublayer(text(chart.xAxisTitle, x: layout.plotCenterX, baseline: layout.xTitleBaseline, anchor: 0.5))
        }
        if !chart.yAxisTitle.isEmpty {
            // Reads bottom to top: turned a quarter anticlockwise about the
            // middle of its baseline, which lies on the vertical line x =
            // yTitleBaseline.
            let title = text(chart.yAxisTitle, x: 0, baseline: 0, anchor: 0.5)
            let frame = title.frame
            title.anchorPoint = CGPoint(x: -frame.minX / frame.width, y: -frame.minY / frame.height)
            title.position = CGPoint(x: layout.yTitleBaseline, y: layout.plotCenterY)
            title.transform = CATransform3DMakeRotation(-.pi / 2, 0, 0, 1)
            root.addSublayer(title)
        }
        for entry in layout.legend {
            root.addSublayer(curve([CGPoint(x: entry.swatchStart, y: entry.swatchY),
                                    CGPoint(x: entry.swatchEnd, y: entry.swatchY)], color: entry.color))
            root.addSublayer(text(entry.name, x: entry.textX, baseline: entry.baseline, anchor: 0))
        }
        return root
    }

    // MARK: Lines

    /// The pixel column of a vertical line at `x`: the one just inside
    /// towards the y axis, so the first tick lands on the axis and the last
    /// on the plot's right edge.
    private func column(at x: Double) -> Double {
        min(max((x.rounded(.up)) - 1, layout.left - 1), layout.right - 1)
    }

    /// The pixel row of a horizontal line at `y`: the one just inside
    /// towards the x axis, so the first tick lands on the axis.
    private func row(at y: Double) -> Double {
        min(max(y.rounded(.down), layout.top), layout.bottom)
    }

    /// A vertical line through the middle of pixel column `column`, from
    /// the top edge of row `top` to the top edge of row `bottom`.
    private func vertical(column: Double, from top: Double, to bottom: Double) -> [CGPoint] {
        [CGPoint(x: column + 0.5, y: top), CGPoint(x: column + 0.5, y: bottom)]
    }

    /// A horizontal line through the middle of pixel row `row`.
    private func horizontal(row: Double, from left: Double, to right: Double) -> [CGPoint] {
        [CGPoint(x: left, y: row + 0.5), CGPoint(x: right, y: row + 0.5)]
    }

    /// Grid lines at every tick but the first, which the axis covers.
    private func gridLines() -> [[CGPoint]] {
        layout.xScale.ticks.dropFirst().map { vertical(column: column(at: layout.pixelX($0)), from: layout.top, to: layout.bottom) }
            + layout.yScale.ticks.dropFirst().map { horizontal(row: row(at: layout.pixelY($0)), from: layout.left, to: layout.right) }
    }

    /// The two axes and their tick marks, outside the plot.
    private func axisLines() -> [[CGPoint]] {
        let (left, right, top, bottom) = (layout.left, layout.right, layout.top, layout.bottom)
        let tick = ChartLayout.tickLength
        return [vertical(column: left - 1, from: top, to: bottom + 1), horizontal(row: bottom, from: left - 1, to: right)]
            + layout.xScale.ticks.map { vertical(column: column(at: layout.pixelX($0)), from: bottom + 1, to: bottom + 1 + tick) }
            + layout.yScale.ticks.map { horizontal(row: row(at: layout.pixelY($0)), from: left - 1 - tick, to: left - 1) }
    }

    /// A shape layer filling the canvas whose path holds `polylines`,
    /// stroked with butt caps, so straight lines end on pixel edges.
    private func shape(_ polylines: [[CGPoint]], color: ChartColor, width: Double) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: chart.width, height: chart.height)
        let path = CGMutablePath()
        for polyline in polylines where !polyline.isEmpty {
            // One point is a zero-length segment: a dot under a round cap.
            path.addLines(between: polyline.count == 1 ? polyline + polyline : polyline)
        }
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = color.cgColor
        layer.lineWidth = width
        return layer
    }

    /// A curve through `points`, round-joined and round-capped.
    private func curve(_ points: [CGPoint], color: ChartColor) -> CAShapeLayer {
        let layer = shape([points], color: color, width: Self.lineWidth)
        layer.lineJoin = .round
        layer.lineCap = .round
        return layer
    }

    // MARK: Text

    /// A text layer showing `string` on the baseline `baseline`, placed so
    /// that the point `anchor` of the way along the line (0 its start, 1
    /// its end) is at `x`.
    ///
    /// The layer is the line's own box, so the text starts at its left edge
    /// as a left-aligned text layer's does; it reaches a pixel further right
    /// and down so that no glyph's ink is clipped.
    private func text(_ string: String, font: String = ChartLayerTree.fontName, x: Double, baseline: Double,
                      anchor: Double) -> CATextLayer {
        let extents = Self.measure(string, font: font)
        let layer = CATextLayer()
        layer.string = string
        layer.font = font
        layer.fontSize = Self.fontSize
        layer.foregroundColor = ChartColor.ink.cgColor
        layer.frame = CGRect(x: x - anchor * extents.size.width, y: baseline - extents.baseline,
                             width: extents.size.width + 1, height: extents.size.height + 1)
        return layer
    }
}
