import Foundation

extension PathValue {
    /// The drawn pieces of the path as Bézier control polygons (start point
    /// first): one per line or curve element, plus the line a
    /// `closeSubpath` draws back to the subpath's start when it has length.
    /// A move draws nothing.
    ///
    /// With `closingOpenSubpaths`, subpaths left open also get their closing
    /// line, the way filling a path closes them.
    func drawnSegments(closingOpenSubpaths: Bool) -> [[CGPoint]] {
        var segments: [[CGPoint]] = []
        var start = CGPoint.zero, current = CGPoint.zero
        var isOpen = false
        func close() {
            if current != start { segments.append([current, start]) }
            current = start
            isOpen = false
        }
        for element in elements {
            switch element.type {
            case .moveToPoint:
                if closingOpenSubpaths, isOpen { close() }
                start = element.points[0]
                current = start
                isOpen = false
            case .closeSubpath:
                close()
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                segments.append([current] + element.points)
                current = element.points[element.points.count - 1]
                isOpen = true
            }
        }
        if closingOpenSubpaths, isOpen { close() }
        return segments
    }
}
