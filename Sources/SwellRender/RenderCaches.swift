import Foundation

/// What a renderer keeps from one frame to the next because it is costly
/// to make and rarely changes: blurred shadow shapes, video pictures
/// converted for drawing and the arc lengths of paths stroked in part. Each is behind a lock of its own, and none ever
/// changes a result.
struct RenderCaches: Sendable {
    let shadows = ShadowCache()
    let videoPictures = VideoPictureCache()
    let pathMeasurements = PathMeasurementCache()
}
