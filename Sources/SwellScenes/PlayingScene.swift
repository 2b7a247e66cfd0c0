import SwellCommands
import SwellSession
import SwellALSA
import SwellRender
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
package final class PlayingScene: LiveScene {
    package let session: Session
    package let output: AudioOutput
    private var timeline = SnapshotTimeline()
    private var serviced: Int64 = 0

    /// Frames the render thread may play between two of the window's
    /// frames: one refresh interval at the engine's rate.
    private let framesPerRefresh: Int64

    package init(session: Session, output: AudioOutput, refreshInterval: Double) {
        self.session = session
        self.output = output
        framesPerRefresh = Int64((refreshInterval * Double(session.engine.sampleRate)).rounded(.up))
    }

    package var host: RenderHost { session.engine }

    package var now: Double { output.playbackTime }

    /// Services the engine as far as its render thread may go before the
    /// next frame's turn — the output's horizon and a refresh interval
    /// more, which keeps a render thread waiting on the display path's
    /// displayed periods fed — whatever `time` the frame is for: what is
    /// run ahead of it is kept out of its picture by the timeline.
    package func prepare(through time: Double) throws {
        let engine = session.engine, period = Int64(engine.periodFrames)
        let horizon = output.serviceHorizon + framesPerRefresh
        timeline.note(engine.latestSnapshot)
        while serviced < horizon {
            serviced = min(horizon, (serviced / period + 1) * period)
            engine.service(through: serviced)
            timeline.note(engine.latestSnapshot)
        }
        try output.checkFailure()
    }

    package func snapshot(at time: Double) -> RenderSnapshot? {
        timeline.note(session.engine.latestSnapshot)
        // A window's frames only move on.
        timeline.forget(before: time)
        return timeline.snapshot(at: time)
    }

    /// The show ends where `play` would: at the length (the sound's end, or
    /// `--duration`), measured on the root layer's time so that a pause
    /// holds it; when a source fails; or, for a stream of unknown length,
    /// when every source has ended.
    package func isFinished(atSceneTime sceneTime: Double) -> Bool {
        let engine = session.engine
        if engine.sourceFailure != nil { return true }
        guard let duration = session.duration else { return engine.sourcesHaveEnded }
        return sceneTime >= duration
    }
}
