import Foundation

/// A layer that shows a video — the role of AVFoundation's
/// `AVPlayerLayer` — at the layer's own time.
///
/// - The picture is the layer's content: drawn where `contents` would be,
///   in Core Animation's order (over the background, under the sublayers
///   and border), placed in the bounds by ``videoGravity``
///   (``videoRect``), with the layer's opacity, mask and transforms.
/// - The frame shown is the one at the layer's local time — its parent's
///   time through its `beginTime`, `speed` and `timeOffset`, as for any
///   animation on it (docs/video.md#video-layers): `beginTime` 1 shows the
///   first frame at host time 1, `timeOffset` 2 starts two seconds in,
///   `speed` 2 plays twice as fast, `speed` 0 (`pause()`) holds the frame.
/// - Before its start the layer shows the first frame and after the end
///   the last, as an `AVPlayerLayer` shows its paused player's first frame
///   before it plays and, with `actionAtItemEnd` `.pause` (AVPlayer's
///   default), keeps the last frame at the end.
/// - ``volume`` is the video's loudness: the gain of every audio layer
///   below it — the video's sound track plays in an `AudioLayer`
///   sublayer — is multiplied by it, as a `BusLayer`'s (the `volume` of
///   AVPlayer, animatable here). Changing it runs a basic animation from
///   the presented value, the implicit action of objc.io's `AudioLayer`.
open class VideoLayer: CALayer, SoundGroup {
    /// The video shown; nil shows nothing (an `AVPlayerLayer` without a
    /// player).
    public var source: (any VideoFrameSource)? {
        didSet { setNeedsCommit() }
    }

    /// How the picture is fitted into the bounds; `.resizeAspect` by
    /// default, as AVPlayerLayer's.
    @Dynamic("videoGravity") public var videoGravity: AVLayerVideoGravity = .resizeAspect

    /// The gain of the video's sound, as linear amplitude; 1 by default:
    /// the layer is a ``SoundGroup``, whose volume every gain below it is
    /// multiplied by (docs/audio.md#the-layer-tree-is-the-mix).
    @Dynamic(.volume) public var volume: Double = 1

    public override init() {
        super.init()
    }

    /// A layer showing `source`.
    public convenience init(source: any VideoFrameSource) {
        self.init()
        self.source = source
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        source = (layer as? VideoLayer)?.source
    }

    /// Where the picture is drawn in the bounds (AVPlayerLayer's
    /// `videoRect`): the video's natural size placed by ``videoGravity``;
    /// zero without a source.
    public var videoRect: CGRect {
        guard let source else { return .zero }
        return videoGravity.contentsGravity.rect(forContentsOfSize: source.naturalSize, in: bounds)
    }

    /// The source, which a renderer asks for the frame of the layer's
    /// local time.
    open override var renderState: (any Sendable)? {
        source
    }
}
