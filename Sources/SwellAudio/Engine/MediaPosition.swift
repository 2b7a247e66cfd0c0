/// Where an audio layer's time is at each frame of the mix: the layer's
/// local time, in the file's frames.
///
/// A layer's local time is its parent's mapped through `beginTime`, `speed`
/// and `timeOffset` — `(t − beginTime) · speed + timeOffset` at every
/// layer from the root down (``MediaTiming/localTime(fromParent:)``), so it
/// is an affine function of host time between commits: it runs at the
/// product of the layer's and its ancestors' speeds. A layer whose `rate`
/// is 1 and whose time runs at 1 plays frame `localFrame(n)` of its file at
/// mix frame n (docs/audio.md#time-drives-the-media): `beginTime` starts
/// the file later, `timeOffset` part-way in, and `speed` 0 — on the layer
/// or any ancestor, QA1673's pause — holds it. Any other reads its file at
/// ∫ rate over this local time (``RateChain``, docs/rate.md).
struct MediaPosition: Sendable, Equatable {
    /// The product of the layer's and its ancestors' speeds: how many
    /// frames of local time pass per frame of the mix.
    let speed: Double
    /// The mix frame the position is anchored at, and the local frame
    /// there, rounded.
    let first: Int64
    let anchor: Int64

    /// The position of the layer at `index` in `snapshot` from mix frame
    /// `first` on, for a mix at `sampleRate`.
    init(snapshot: RenderSnapshot, index: Int, from first: Int64, sampleRate: Int) {
        // The local time a renderer shows a video layer's frame at, too.
        let local = snapshot.localTime(ofLayerAt: index, hostTime: Double(first) / Double(sampleRate))
        speed = snapshot.timeRate(ofLayerAt: index)
        self.first = first
        // Saturated far beyond any file, so that `&+` below cannot wrap.
        let frame = (local * Double(sampleRate)).rounded()
        anchor = Int64(exactly: frame) ?? (frame > 0 ? .max / 4 : .min / 4)
    }

    /// Whether the layer's time runs forwards. A layer whose time runs
    /// backwards holds its file, as a paused one does: Swell plays files
    /// forwards only.
    var isRunning: Bool { speed > 0 }

    /// The local frame at mix frame `frame` (negative: before the layer's
    /// time reaches 0).
    func localFrame(atMixFrame frame: Int64) -> Int64 {
        guard isRunning else { return anchor }
        if speed == 1 { return anchor &+ (frame &- first) }
        let passed = (Double(frame &- first) * speed).rounded()
        return anchor &+ (Int64(exactly: passed) ?? (passed > 0 ? .max / 4 : .min / 4))
    }

    /// How many of the `frames` mix frames from `frame` come before the
    /// layer's local time reaches 0: silence, before its file starts.
    func framesBeforeStart(at frame: Int64, upTo frames: Int) -> Int {
        let local = localFrame(atMixFrame: frame)
        guard local < 0 else { return 0 }
        guard isRunning else { return frames }
        let until = speed == 1 ? Double(-local) : (Double(-local) / speed).rounded(.up)
        return until >= Double(frames) ? frames : Int(until)
    }

    /// The mix frame at which the local frame reaches `local`; nil when it
    /// never does (the time stands still).
    func mixFrame(atLocalFrame local: Int64) -> Int64? {
        guard isRunning else { return nil }
        if speed == 1 { return first &+ (local &- anchor) }
        let passed = (Double(local &- anchor) / speed).rounded(.up)
        return first &+ (Int64(exactly: passed) ?? (passed > 0 ? .max / 4 : .min / 4))
    }
}
