import Foundation

extension PathValue {
    /// The smallest rectangle containing every point of the path's
    /// elements, control points included (`CGPathGetBoundingBox`); `.null`
    /// for an empty path.
    public var boundingBox: CGRect {
        CGRect(boundingPoints: elements.lazy.flatMap(\.points))
    }

    /// The smallest rectangle containing the path as drawn, without the
    /// control points that lie off the curves (`CGPathGetPathBoundingBox`);
    /// `.null` for an empty path. Curves contribute their end points and
    /// their extreme points in x and y.
    public var boundingBoxOfPath: CGRect {
        var points = elements.filter { $0.type == .moveToPoint }.map { $0.points[0] }
        for segment in drawnSegments(closingOpenSubpaths: false) {
            let curve = Bezier(segment)
            points.append(segment[segment.count - 1])
            for axis in 0..<2 {
                points += curve.stationaryParameters(axis: axis).map { CGPoint(curve.point(at: $0)) }
            }
        }
        return CGRect(boundingPoints: points)
    }
}
