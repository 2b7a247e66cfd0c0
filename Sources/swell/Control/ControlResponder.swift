import Foundation
import SwellALSA
import SwellScript

/// Runs control requests on a session's owning thread, each in a
/// `CATransaction` that commits at the session's current time — the next
/// frame not yet rendered — so that a `set` animates from the value being
/// heard, with Core Animation's implicit action (docs/control.md#requests).
struct ControlResponder {
    let session: Session
    /// The files the session plays, for `status`.
    let files: [String]
    /// The device's underruns so far, for `status`.
    let xruns: () -> Int

    func respond(to request: ControlRequest) -> String {
        let stage = session.stage
        switch request {
        case .event(let event):
            guard let layer = stage.layers[event.layer] else { return ControlReply.failure("unknown layer '\(event.layer)'") }
            inTransaction { AutomationStage.perform(event, on: layer) }
            return ControlReply.success()
        case .get(let name, let key):
            guard let layer = stage.layers[name] else { return ControlReply.failure("unknown layer '\(name)'") }
            guard let value = layer.presentation()?.value(forKeyPath: key).flatMap(ValueCoercion.number) else {
                return ControlReply.failure("'\(name).\(key)' has no number to show")
            }
            return ControlReply.success(["value": value])
        case .pause, .resume:
            inTransaction { if request == .pause { stage.root.pause() } else { stage.root.resume() } }
            return ControlReply.success()
        case .stop:
            // The job ends the session once the reply is sent.
            return ControlReply.success()
        case .status:
            return ControlReply.success([
                "pid": Int(getpid()), "files": files, "time": session.engine.currentTime,
                "volume": session.presentedVolume, "paused": stage.root.isPaused, "xruns": xruns(),
            ])
        }
    }

    /// Runs `body` in a transaction with the host's time pinned to the
    /// commit time, as a scheduled event runs: the presentation an implicit
    /// action starts from is the one at the frame the animation begins at,
    /// not at the audio clock, which lags it by the device's buffer.
    private func inTransaction(_ body: () -> Void) {
        let engine = session.engine
        engine.withTime(engine.commitTime) {
            CATransaction.begin()
            body()
            CATransaction.commit()
        }
    }
}
