import SwellALSA
import SwellWindow

/// A scene with sound in a live window: its tree hosted by the audio
/// engine that plays it, so the window's clock is the audio clock — the
/// time being heard (``AudioOutput/playbackTime``) — and a frame shows
/// what is heard as it is seen.
///
/// The window's owning thread services the engine in place of
/// ``AudioOutput/run(until:)``: up to the output's horizon, one audio
/// period at a time, keeping each period's snapshot, since the engine runs
/// events ahead of what is heard and a frame must show only what was
/// committed by its time (``SnapshotTimeline``).
final class PlayingScene: LiveScene {
    let session: Session
    let output: AudioOutput
    private var timeline = SnapshotTimeline()
    private var serviced: Int64 = 0

    init(session: Session, output: AudioOutput) {
        self.session = session
        self.output = output
    }

    var host: RenderHost { session.engine }

    var now: Double { output.playbackTime }

    func prepare(through time: Double) throws {
        let engine = session.engine, period = Int64(engine.periodFrames)
        let horizon = output.serviceHorizon
        timeline.note(engine.latestSnapshot)
        while serviced < horizon {
            serviced = min(horizon, (serviced / period + 1) * period)
            engine.service(through: serviced)
            timeline.note(engine.latestSnapshot)
        }
        try output.checkFailure()
    }

    func snapshot(at time: Double) -> RenderSnapshot? {
        timeline.note(session.engine.latestSnapshot)
        return timeline.snapshot(at: time)
    }

    /// The show ends where `play` would: at the length (the sound's end, or
    /// `--duration`), measured on the root layer's time so that a pause
    /// holds it; when a source fails; or, for a stream of unknown length,
    /// when every source has ended.
    func isFinished(atSceneTime sceneTime: Double) -> Bool {
        let engine = session.engine
        if engine.sourceFailure != nil { return true }
        guard let duration = session.duration else { return engine.sourcesHaveEnded }
        return sceneTime >= duration
    }
}
