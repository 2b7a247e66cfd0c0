import Foundation

/// Pausing and resuming a layer tree the way Apple's Technical Q&A QA1673
/// ("How to pause the animation of a layer tree") does it, with the layer's
/// own timing: a paused layer has `speed` 0 and its `timeOffset` holds the
/// local time it stopped at; resuming sets `speed` back to 1 and moves
/// `beginTime` so that local time carries on from there. Everything below
/// the layer stops and carries on with it — its animations, and the sound
/// of an audio layer, whose file position is its local time
/// (docs/audio.md#time-drives-the-media).
///
/// "Now" is the host's commit time: the time of the scheduled event being
/// run, or of the next frame an audio engine renders — the time the QA's
/// `CACurrentMediaTime()` stands for. A layer in no hosted tree has no
/// clock yet: its "now" is 0, where every host's clock starts, so a layer
/// paused before it is hosted waits at its first frame.
extension CALayer {
    /// Whether the layer's own time stands still (`speed` is 0).
    public var isPaused: Bool { speed == 0 }

    /// QA1673's `pauseLayer:` — stops the layer's local time where it is
    /// now. Does nothing to a paused layer.
    public func pause() {
        guard !isPaused else { return }
        let pausedTime = convertTime(hostNow, from: nil)
        speed = 0
        timeOffset = pausedTime
    }

    /// QA1673's `resumeLayer:` — local time carries on from where
    /// ``pause()`` stopped it, at speed 1. Does nothing to a running layer.
    public func resume() {
        guard isPaused else { return }
        let pausedTime = timeOffset
        speed = 1
        timeOffset = 0
        beginTime = 0
        beginTime = convertTime(hostNow, from: nil) - pausedTime
    }

    private var hostNow: CFTimeInterval { renderHost?.commitTime ?? 0 }
}
