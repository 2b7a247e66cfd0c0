extension RasterImage {
    /// Strokes a polyline `lineWidth` pixels wide with round joins and caps,
    /// anti-aliased.
    ///
    /// The stroke is the set of points within `lineWidth / 2` of the path. A
    /// pixel is covered by `clamp(lineWidth / 2 + 0.5 − d, 0, 1)`, where `d` is
    /// the distance from its centre to the path: exactly the covered area
    /// when an edge crosses the pixel parallel to its sides, and a close
    /// estimate otherwise — the distance-based coverage that signed-distance
    /// text and vector renderers use. A pixel whose centre is within
    /// `lineWidth / 2 − 0.5` of the path is painted in the exact colour.
    ///
    /// Coverage is accumulated for the whole polyline before it is blended, as
    /// the maximum over the segments, so joints are not painted twice and
    /// stay as smooth as the straight parts. A single point draws a dot.
    mutating func strokePolyline(_ points: [(x: Double, y: Double)], lineWidth: Double, color: ChartColor) {
        guard let first = points.first else { return }
        let reach = lineWidth / 2 + 0.5
        // The pixels the stroke can touch, clipped to the image.
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let minColumn = max(0, Int((xs.min()! - reach).rounded(.down)))
        let maxColumn = min(width - 1, Int((xs.max()! + reach).rounded(.up)))
        let minRow = max(0, Int((ys.min()! - reach).rounded(.down)))
        let maxRow = min(height - 1, Int((ys.max()! + reach).rounded(.up)))
        guard minColumn <= maxColumn, minRow <= maxRow else { return }

        let boxWidth = maxColumn - minColumn + 1
        var coverage = [Double](repeating: 0, count: boxWidth * (maxRow - minRow + 1))
        let segments = points.count == 1 ? [(first, first)] : Array(zip(points, points.dropFirst()))
        for (start, end) in segments {
            // The segment's own box within the polyline's; empty when the
            // segment lies outside the image.
            let firstColumn = max(minColumn, Int((min(start.x, end.x) - reach).rounded(.down)))
            let lastColumn = min(maxColumn, Int((max(start.x, end.x) + reach).rounded(.up)))
            let firstRow = max(minRow, Int((min(start.y, end.y) - reach).rounded(.down)))
            let lastRow = min(maxRow, Int((max(start.y, end.y) + reach).rounded(.up)))
            guard firstColumn <= lastColumn, firstRow <= lastRow else { continue }
            let columns = firstColumn...lastColumn
            let rows = firstRow...lastRow
            for row in rows {
                for column in columns {
                    let distance = Self.distance(
                        from: (Double(column) + 0.5, Double(row) + 0.5), toSegment: start, end)
                    let covered = min(1, max(0, reach - distance))
                    let index = (row - minRow) * boxWidth + (column - minColumn)
                    coverage[index] = max(coverage[index], covered)
                }
            }
        }
        for row in minRow...maxRow {
            for column in minColumn...maxColumn {
                blend(x: column, y: row, color: color, coverage: coverage[(row - minRow) * boxWidth + (column - minColumn)])
            }
        }
    }

    /// The distance from `point` to the segment from `start` to `end`.
    private static func distance(
        from point: (x: Double, y: Double), toSegment start: (x: Double, y: Double), _ end: (x: Double, y: Double)
    ) -> Double {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        // The parameter of the nearest point on the segment, 0 at start, 1 at end.
        let t = lengthSquared == 0
            ? 0 : min(1, max(0, ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared))
        let nearestX = start.x + t * dx
        let nearestY = start.y + t * dy
        return ((point.x - nearestX) * (point.x - nearestX) + (point.y - nearestY) * (point.y - nearestY)).squareRoot()
    }
}
