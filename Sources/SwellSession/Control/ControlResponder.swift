import Foundation
import SwellALSA
import SwellScript

/// Runs control requests on a session's owning thread, each in a
/// `CATransaction` that commits at the host's commit time — the next frame
/// not yet rendered on a `play` session's audio clock, now on a `mixer`
/// session's host clock — so that a `set` animates from the value being
/// heard, with Core Animation's implicit action (docs/control.md#requests).
public struct ControlResponder {
    /// The session's tree, hosted on ``host``.
    public let stage: AutomationStage
    public let host: RenderHost
    /// The host time the session's time 0 is at.
    public var origin = 0.0
    /// What the session plays (its files) or drives (a mixer's device and
    /// control), for `status`.
    public let files: [String]
    /// The device's underruns so far, for `status`.
    public var xruns: () -> Int = { 0 }
    /// Puts back what the session changed outside itself, for a `stop`
    /// that asks (`swell ctl stop --restore`).
    public var restore: () -> Void = {}

    public init(stage: AutomationStage, host: RenderHost, origin: Double = 0, files: [String],
                xruns: @escaping () -> Int = { 0 }) {
        self.stage = stage
        self.host = host
        self.origin = origin
        self.files = files
        self.xruns = xruns
    }

    /// Answers every request waiting on `server`, in order; true when one
    /// was `stop`, after which the caller ends the session (closing the
    /// server sends the replies still on their way).
    public func answer(_ server: ControlServer?) -> Bool {
        var stopped = false
        for call in server?.take() ?? [] {
            call.reply(respond(to: call.request))
            if case .stop = call.request { stopped = true }
        }
        return stopped
    }

    public func respond(to request: SessionCommand) -> ControlReply {
        switch request {
        case .event(let event):
            guard let layer = stage.layers[event.layer] else { return ControlReply.failure("unknown layer '\(event.layer)'") }
            var refused: ScheduleCallError?
            inTransaction {
                do throws(ScheduleCallError) { try AutomationStage.perform(event, on: layer) } catch { refused = error }
            }
            if let refused, case .automate(let automation) = event.action {
                return ControlReply.failure(refused.error.description, at: automation.location(of: refused))
            }
            return ControlReply.success()
        case .get(let path):
            guard let layer = stage.layers[path.layer] else { return ControlReply.failure("unknown layer '\(path.layer)'") }
            guard let value = layer.presentation()?.value(forKeyPath: path.keyPath).flatMap(ValueCoercion.number) else {
                return ControlReply.failure("'\(path)' has no number to show")
            }
            return ControlReply.success { $0.value = value }
        case .pause, .resume:
            // Through the host, as a window's space key: an audio engine
            // fades the sound around QA1673's pause (docs/audio.md#pausing-without-a-click).
            inTransaction { if request == .pause { host.pauseRootLayer() } else { host.resumeRootLayer() } }
            return ControlReply.success()
        case .seek(let offset):
            return seek { $0 + offset }
        case .position(let position):
            return seek { _ in position }
        case .stop(let restoring):
            // The job ends the session once the reply is sent.
            if restoring { restore() }
            return ControlReply.success()
        case .status:
            let now = host.currentTime
            return ControlReply.success { reply in
                reply.pid = Int(getpid())
                reply.files = files
                reply.time = now - origin
                reply.volume = stage.presentedVolume
                reply.paused = host.isRootLayerPaused
                reply.xruns = xruns()
                reply.position = stage.playingLayer(at: now).map { stage.position(of: $0, at: now) }
            }
        }
    }

    /// Moves the playing file to `target(where it is)`
    /// (``AutomationStage/seek(_:to:at:)``), kept between its start and its
    /// end — at the end the file has ended, as when it plays to it —
    /// committed at the host's jump time: an audio engine fades the sound
    /// out first and in after, so the jump is not heard as a click
    /// (docs/audio.md#seeking-without-a-click). The reply says where the
    /// file is then, in seconds (`swell ctl seek` prints it). A stream
    /// cannot move: it is read once, from its start.
    private func seek(_ target: (Double) -> Double) -> ControlReply {
        var reply = ControlReply.failure("no file plays")
        inTransaction {
            let time = host.jumpTime
            guard let layer = stage.playingLayer(at: time), let source = layer.source else { return }
            guard source.isSeekable else {
                reply = ControlReply.failure("'\(source.path)' is a stream, which cannot seek")
                return
            }
            let position = stage.position(target(layer.convertTime(time, from: nil)), within: layer)
            host.performJump { stage.seek(layer, to: position, at: time) }
            reply = ControlReply.success { $0.position = position }
        }
        return reply
    }

    /// Runs `body` in a transaction with the host's time pinned to the
    /// commit time, as a scheduled event runs: the presentation an implicit
    /// action starts from is the one at the frame the animation begins at,
    /// not at the audio clock, which lags it by the device's buffer.
    private func inTransaction(_ body: () -> Void) {
        host.withTime(host.commitTime) {
            CATransaction.begin()
            body()
            CATransaction.commit()
        }
    }
}
