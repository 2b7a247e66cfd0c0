import Foundation
import SwellCore
import SwellRender

extension Chart {
    /// The chart as a Core Animation layer tree (``ChartLayerTree``): a
    /// white root layer of ``width`` × ``height`` points holding shape
    /// layers for the grid, curves and axes and text layers for the labels.
    /// Built outside any hosted tree, its layers get no implicit animations
    /// (as in QuartzCore): hosted, it shows the chart from its first commit.
    public func layerTree() throws(ChartError) -> CALayer {
        ChartLayerTree(layout: try ChartLayout(chart: self, metrics: ChartLayerTree.metrics)).rootLayer()
    }

    /// The chart drawn by SwellRender: its ``layerTree()`` hosted
    /// headless, committed and rendered at time 0 — Cairo's anti-aliased
    /// strokes, Pango's text in DejaVu Sans with fixed font options, so the
    /// same chart gives the same pixels on every machine.
    public func frame() throws(ChartError) -> Frame {
        let host = HeadlessHost(rootLayer: try layerTree())
        CATransaction.flush()
        guard let snapshot = host.latestSnapshot else { preconditionFailure("a hosted tree has a committed snapshot") }
        return Renderer().render(snapshot, at: 0, into: Canvas(width: width, height: height))
    }

    /// The chart as a PNG image of ``width`` × ``height`` pixels, through
    /// Cairo's PNG writer: it shows what ``svgDocument()`` shows — white
    /// background, grid, axes with ticks and labels, titles, 2-pixel curves
    /// and a legend for several series.
    public func pngData() throws(ChartError) -> Data {
        let frame = try frame()
        do {
            return try frame.pngData()
        } catch {
            throw .encodingFailed(reason: error.description)
        }
    }
}
