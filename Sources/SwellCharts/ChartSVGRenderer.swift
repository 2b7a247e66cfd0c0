extension Chart {
    /// The chart as a standalone SVG 1.1 document (UTF-8 text).
    ///
    /// The document carries its own size (`width`, `height` and a matching
    /// `viewBox`, so it scales cleanly when embedded), a white background,
    /// grid lines, one `<polyline>` per series in the order of ``series``,
    /// both axes with tick marks and labels over the curves, the axis titles
    /// and, for more than one series, a legend. Elements carry D3-style classes (`x-axis`,
    /// `tick`, `series`, `legend`) for styling.
    ///
    /// The output depends only on the chart: the same chart gives the same
    /// bytes.
    public func svgDocument() throws(ChartError) -> String {
        let layout = try ChartLayout(chart: self, metrics: ChartSVGRenderer.metrics)
        return ChartSVGRenderer(layout: layout).document()
    }
}

/// Writes a laid-out chart as SVG.
struct ChartSVGRenderer {
    let layout: ChartLayout

    /// 12-pixel sans-serif text in the viewer's font, so measured as
    /// monospaced: a 0.6 em advance is wider than the average digit and
    /// letter of common sans-serif faces, and capitals stand about 0.72 em
    /// tall.
    static let fontSize = 12.0
    static let metrics = ChartTextMetrics(advance: 0.6 * fontSize, capHeight: 9, descent: 3) { text in
        Double(text.count) * 0.6 * fontSize
    }

    private var chart: Chart { layout.chart }

    func document() -> String {
        let width = String(chart.width)
        let height = String(chart.height)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(width)" height="\#(height)""#
                + #" viewBox="0 0 \#(width) \#(height)" font-family="sans-serif""#
                + #" font-size="\#(SVGSyntax.number(Self.fontSize))" fill="\#(ChartColor.ink.hexString)">"#,
        ]
        if let title = chart.title {
            lines.append("<title>\(SVGSyntax.escaped(title))</title>")
        }
        lines.append(#"<rect width="\#(width)" height="\#(height)" fill="\#(ChartColor.background.hexString)"/>"#)
        lines += grid()
        lines += series()
        lines += xAxis()
        lines += yAxis()
        lines += titles()
        lines += legend()
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func grid() -> [String] {
        let n = SVGSyntax.number
        let xLines = layout.xScale.ticks.dropFirst().map { tick in
            let x = n(layout.pixelX(tick))
            return #"<line x1="\#(x)" y1="\#(n(layout.top))" x2="\#(x)" y2="\#(n(layout.bottom))"/>"#
        }
        let yLines = layout.yScale.ticks.dropFirst().map { tick in
            let y = n(layout.pixelY(tick))
            return #"<line x1="\#(n(layout.left))" y1="\#(y)" x2="\#(n(layout.right))" y2="\#(y)"/>"#
        }
        return [#"<g class="grid" stroke="\#(ChartColor.grid.hexString)" stroke-width="1">"#]
            + xLines + yLines + ["</g>"]
    }

    /// The x axis: a line along the plot's bottom edge and, for each tick, a
    /// group translated to the tick's position holding the mark and label.
    private func xAxis() -> [String] {
        let n = SVGSyntax.number
        let ink = ChartColor.ink.hexString
        let axisY = n(layout.bottom + 0.5)
        var lines = [
            #"<g class="x-axis" text-anchor="middle">"#,
            #"<line class="domain" x1="\#(n(layout.left - 1))" y1="\#(axisY)" x2="\#(n(layout.right))" y2="\#(axisY)" stroke="\#(ink)"/>"#,
        ]
        for (tick, label) in zip(layout.xScale.ticks, layout.xScale.tickLabels) {
            let markTop = layout.bottom + 1
            lines.append(
                #"<g class="tick" transform="translate(\#(n(layout.pixelX(tick))),0)">"#
                    + #"<line y1="\#(n(markTop))" y2="\#(n(markTop + ChartLayout.tickLength))" stroke="\#(ink)"/>"#
                    + #"<text y="\#(n(layout.xTickLabelBaseline))">\#(SVGSyntax.escaped(label))</text></g>"#)
        }
        lines.append("</g>")
        return lines
    }

    /// The y axis: a line along the plot's left edge and a translated group
    /// per tick, as for the x axis.
    private func yAxis() -> [String] {
        let n = SVGSyntax.number
        let ink = ChartColor.ink.hexString
        let axisX = n(layout.left - 0.5)
        var lines = [
            #"<g class="y-axis" text-anchor="end">"#,
            #"<line class="domain" x1="\#(axisX)" y1="\#(n(layout.top))" x2="\#(axisX)" y2="\#(n(layout.bottom + 1))" stroke="\#(ink)"/>"#,
        ]
        for (tick, label) in zip(layout.yScale.ticks, layout.yScale.tickLabels) {
            let markEnd = layout.left - 1
            let y = layout.pixelY(tick)
            lines.append(
                #"<g class="tick" transform="translate(0,\#(n(y)))">"#
                    + #"<line x1="\#(n(markEnd - ChartLayout.tickLength))" x2="\#(n(markEnd))" stroke="\#(ink)"/>"#
                    + #"<text x="\#(n(layout.yTickLabelEnd))" y="\#(n(layout.yTickLabelBaseline(y) - y))">"#
                    + #"\#(SVGSyntax.escaped(label))</text></g>"#)
        }
        lines.append("</g>")
        return lines
    }

    private func titles() -> [String] {
        let n = SVGSyntax.number
        var lines: [String] = []
        if let title = chart.title {
            lines.append(
                #"<text class="title" x="\#(n(layout.plotCenterX))" y="\#(n(layout.titleBaseline))""#
                    + #" text-anchor="middle" font-weight="bold">\#(SVGSyntax.escaped(title))</text>"#)
        }
        if !chart.xAxisTitle.isEmpty {
            lines.append(
                #"<text class="x-title" x="\#(n(layout.plotCenterX))" y="\#(n(layout.xTitleBaseline))""#
                    + #" text-anchor="middle">\#(SVGSyntax.escaped(chart.xAxisTitle))</text>"#)
        }
        if !chart.yAxisTitle.isEmpty {
            let x = n(layout.yTitleBaseline)
            let y = n(layout.plotCenterY)
            lines.append(
                #"<text class="y-title" x="\#(x)" y="\#(y)" transform="rotate(-90 \#(x) \#(y))""#
                    + #" text-anchor="middle">\#(SVGSyntax.escaped(chart.yAxisTitle))</text>"#)
        }
        return lines
    }

    /// One polyline per series. A single point is written twice: SVG draws a
    /// zero-length segment as a dot when the line cap is round (SVG 1.1
    /// §11.4, "stroke-linecap"), where a one-point polyline draws nothing.
    private func series() -> [String] {
        var lines = [
            #"<g class="series" fill="none" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">"#
        ]
        for (index, series) in chart.series.enumerated() {
            var coordinates = series.points.map { point in
                SVGSyntax.number(layout.pixelX(point.x)) + "," + SVGSyntax.number(layout.pixelY(point.y))
            }
            if coordinates.count == 1 {
                coordinates.append(coordinates[0])
            }
            lines.append(
                #"<polyline data-name="\#(SVGSyntax.escaped(series.name))""#
                    + #" stroke="\#(chart.color(ofSeriesAt: index).hexString)""#
                    + #" points="\#(coordinates.joined(separator: " "))"/>"#)
        }
        lines.append("</g>")
        return lines
    }

    private func legend() -> [String] {
        let entries = layout.legend
        guard !entries.isEmpty else { return [] }
        let n = SVGSyntax.number
        return [#"<g class="legend">"#]
            + entries.map { entry in
                #"<line x1="\#(n(entry.swatchStart))" y1="\#(n(entry.swatchY))" x2="\#(n(entry.swatchEnd))""#
                    + #" y2="\#(n(entry.swatchY))" stroke="\#(entry.color.hexString)" stroke-width="2"/>"#
                    + #"<text x="\#(n(entry.textX))" y="\#(n(entry.baseline))">\#(SVGSyntax.escaped(entry.name))</text>"#
            }
            + ["</g>"]
    }
}
