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
        Renderer().render(try snapshot(), at: 0, into: canvas)
    }

    /// The chart as a PNG image of ``width`` × ``height`` pixels, through
    /// Cairo's PNG writer: white background, grid, axes with ticks and
    /// labels, titles, 2-pixel curves and a legend for several series.
    public func pngData() throws(ChartError) -> Data {
        let frame = try frame()
        do {
            return try frame.pngData()
        } catch {
            throw .encodingFailed(reason: error.description)
        }
    }

    /// The chart as a standalone SVG 1.1 document (UTF-8 text) of
    /// ``width`` × ``height`` pixels: the same layer tree as ``pngData()``,
    /// drawn by the same compositor on Cairo's SVG surface
    /// (``Renderer/svgData(_:at:into:)``) — vector strokes, and labels as
    /// the outlines of the very glyphs the PNG shows, so the two pictures
    /// agree in every viewer.
    public func svgDocument() throws(ChartError) -> String {
        let snapshot = try snapshot()
        do {
            return String(decoding: try Renderer().svgData(snapshot, at: 0, into: canvas), as: UTF8.self)
        } catch {
            throw .encodingFailed(reason: error.description)
        }
    }

    /// The canvas the chart is drawn on: one point a pixel.
    private var canvas: Canvas { Canvas(width: width, height: height) }

    /// The ``layerTree()`` hosted headless and committed, as both pictures
    /// draw it.
    private func snapshot() throws(ChartError) -> RenderSnapshot {
        let host = HeadlessHost(rootLayer: try layerTree())
        CATransaction.flush()
        guard let snapshot = host.latestSnapshot else { preconditionFailure("a hosted tree has a committed snapshot") }
        return snapshot
    }
}
