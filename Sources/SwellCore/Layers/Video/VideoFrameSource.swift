import Foundation

/// Where a ``VideoLayer``'s pictures come from: a decoded video, asked for
/// the frame at a time.
///
/// The role of the `AVPlayerItem` behind an `AVPlayerLayer`, reduced to
/// what a renderer needs: the picture's size, how long it lasts, and the
/// frame shown at any time of the video's own timeline — so the layer can
/// show the frame of its local time, whatever its `speed`, `timeOffset`
/// and `beginTime` make that time. SwellMedia decodes files with FFmpeg's
/// libraries; a test can supply pictures of its own.
///
/// A source travels in render snapshots, so it is `Sendable` and may be
/// asked for frames from the rendering thread while the owning thread
/// builds the next snapshot.
public protocol VideoFrameSource: AnyObject, Sendable {
    /// The picture's size as displayed, in pixels (`AVAssetTrack`'s
    /// `naturalSize`, with the pixel aspect ratio applied).
    var naturalSize: CGSize { get }
    /// How long the video lasts, in seconds.
    var duration: Double { get }
    /// Frames per second as the file declares them (`AVAssetTrack`'s
    /// `nominalFrameRate`); 0 when it does not.
    var nominalFrameRate: Double { get }
    /// The frame shown at `time` seconds of the video's timeline, 0 being
    /// its first frame: the frame with the latest presentation time not
    /// after `time`. Before 0 that is the first frame, and from the end on
    /// the last, as a paused `AVPlayer` shows them. Nil when the frame
    /// cannot be decoded.
    ///
    /// While the same frame is shown, the same object is returned, so that
    /// a renderer converts it once however often it draws it.
    func frame(atTime time: Double) -> (any VideoFrame)?
}
