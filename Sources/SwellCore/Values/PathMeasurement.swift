import Foundation

/// A path measured along its length: its drawn segments in order and the
/// arc length of each, for keyframe animations along a path
/// (`CAKeyframeAnimation.path`).
///
/// The segments are the path's lines and curves, plus the line each
/// `closeSubpath` draws back to the subpath's start (left out when the path
/// is already there, as at the end of an ellipse); a move starts a new
/// subpath without a segment, so the jump is not part of the length.
/// Distances run through the segments in order.
public struct PathMeasurement: Sendable {
    public let segments: [PathSegment]
    /// The total arc length.
    public let length: Double
    /// The distances at which each segment starts and ends.
    private let starts: [Double], ends: [Double]

    public init(_ path: PathValue) {
        segments = path.drawnSegments(closingOpenSubpaths: false).map(PathSegment.init(points:))
        var starts: [Double] = [], ends: [Double] = [], total = 0.0
        for segment in segments {
            starts.append(total)
            total += segment.length
            ends.append(total)
        }
        (self.starts, self.ends) = (starts, ends)
        length = total
    }

    /// The segment at `distance` along the path (clamped to 0…length) and
    /// the distance into it; nil for a path that draws nothing. A distance
    /// where one segment ends and the next begins belongs to the first, and
    /// zero-length segments are passed over.
    public func location(atDistance distance: Double) -> (segment: Int, distance: Double)? {
        guard !segments.isEmpty else { return nil }
        let d = distance.isNaN ? 0 : min(max(distance, 0), length)
        // The first segment ending at or after d has length unless d is 0.
        let index = d == 0
            ? segments.firstIndex { $0.length > 0 } ?? 0
            : ends.partitioningIndex { $0 >= d }
        return (index, min(d - starts[index], segments[index].length))
    }

    /// The point at `distance` along the path (clamped), or nil for a path
    /// that draws nothing.
    public func point(atDistance distance: Double) -> CGPoint? {
        location(atDistance: distance).map { segments[$0.segment].point(atDistance: $0.distance) }
    }

    /// The direction of travel (radians, `atan2(dy, dx)`) at `distance`
    /// along the path (clamped), or nil for a path that draws nothing.
    public func tangentAngle(atDistance distance: Double) -> Double? {
        location(atDistance: distance).map { segments[$0.segment].tangentAngle(atDistance: $0.distance) }
    }
}
