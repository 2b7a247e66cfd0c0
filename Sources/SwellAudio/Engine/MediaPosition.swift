/// Where in its file an audio layer is at each frame of the mix: the
/// layer's local time, in the file's frames.
///
/// A layer's local time is its parent's mapped through `beginTime`, `speed`
/// and `timeOffset` — `(t − beginTime) · speed + timeOffset` at every
/// layer from the root down (``MediaTiming/localTime(fromParent:)``), so it
/// is an affine function of host time, `a·t + b`, between commits. Frame
/// `n` of the mix plays frame `a·n + b·fs` of the file
/// (docs/audio.md#time-drives-the-media): `beginTime` starts the file
/// later, `timeOffset` starts it part-way in, and `speed` 0 — on the layer or
/// any ancestor, QA1673's pause — holds it where it is.
///
/// Swell plays a file at its own rate only, so a layer whose time runs at
/// another speed plays at speed 1 from where its time says at each commit
/// (the engine warns); the file is never resampled to follow it.
struct MediaPosition: Sendable, Equatable {
    /// The product of the layer's and its ancestors' speeds: 1 plays, 0
    /// holds, anything else plays at 1.
    let speed: Double
    /// What is added to a mix frame to give the file frame, `round(b·fs)`,
    /// when running; the file frame it holds when paused.
    let offset: Int64

    /// The position of the layer at `index` in `snapshot` from mix frame
    /// `first` on, for a mix at `sampleRate`.
    init(snapshot: RenderSnapshot, index: Int, from first: Int64, sampleRate: Int) {
        // The local time a renderer shows a video layer's frame at, too.
        let local = snapshot.localTime(ofLayerAt: index, hostTime: Double(first) / Double(sampleRate))
        speed = snapshot.timeRate(ofLayerAt: index)
        // Saturated far beyond any file, so that `&+` below cannot wrap.
        let frame = (local * Double(sampleRate)).rounded()
        let anchor = Int64(exactly: frame) ?? (frame > 0 ? .max / 4 : .min / 4)
        offset = speed == 0 ? anchor : anchor - first
    }

    /// Whether the layer's time runs.
    var isRunning: Bool { speed != 0 }

    /// The file frame that mix frame `frame` plays (negative: before the
    /// file's start).
    func fileFrame(atMixFrame frame: Int64) -> Int64 {
        isRunning ? frame &+ offset : offset
    }
}
