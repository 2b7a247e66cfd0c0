import Foundation
import Glibc
import SampleTerminal
import SwellALSA
import SwellSndFile

/// The keys of a running AudioFader, turned into the view controller's
/// actions, and what the terminal shows of them.
final class FaderSession {
    /// The view controller's buttons.
    enum Button {
        case playPause, fadeIn, fadeOut
    }

    /// What a key asks for.
    enum Command {
        case press(Button)
        /// Fade out over 20 ms and end with `exitStatus`: 0 for q or
        /// Ctrl-D, 130 for Ctrl-C, as if it had raised SIGINT.
        case quit(exitStatus: Int32)

        init?(key: UInt8) {
            switch key {
            case UInt8(ascii: " "): self = .press(.playPause)
            case UInt8(ascii: "i"), UInt8(ascii: "I"): self = .press(.fadeIn)
            case UInt8(ascii: "o"), UInt8(ascii: "O"): self = .press(.fadeOut)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), Keyboard.endOfInput: self = .quit(exitStatus: 0)
            case Keyboard.interrupt: self = .quit(exitStatus: 128 + SIGINT)
            default: return nil
            }
        }
    }

    let controller: FaderController
    let engine: AudioEngine
    let fadeDuration: Double
    let status: StatusLine

    init(controller: FaderController, engine: AudioEngine, fadeDuration: Double, status: StatusLine) {
        self.controller = controller
        self.engine = engine
        self.fadeDuration = fadeDuration
        self.status = status
    }

    /// Runs the action of `button` and prints where on the audio timeline
    /// it took effect. A fade runs in a transaction of `fadeDuration` — the
    /// one setting objc.io's `AudioLayer` example leaves to Core
    /// Animation; play and pause are the session's own requests.
    func press(_ button: Button) {
        switch button {
        case .playPause:
            controller.playPauseMusic()
        case .fadeIn, .fadeOut:
            CATransaction.begin()
            CATransaction.setAnimationDuration(fadeDuration)
            if button == .fadeIn { controller.fadeIn() } else { controller.fadeOut() }
            CATransaction.commit()
        }
        status.print(report(button))
    }

    /// "fade out from frame 592593 (12.345688 s): volume 1.000 → 0.000 over
    /// 0.25 s", from the animation the layer's action added (its
    /// `beginTime` is the commit time in the layer's time), or "play from
    /// frame …" for play and pause, from the frame the request was
    /// committed at, where the engine's ramp starts.
    private func report(_ button: Button) -> String {
        let layer = controller.audioLayer
        guard button != .playPause else {
            let frame = engine.firstFrame(atTime: engine.lastCommitTime)
            return "\(controller.isPlaying ? "play" : "pause") from frame \(frame) (\(seconds(ofFrame: frame)))"
        }
        let name = button == .fadeIn ? "fade in" : "fade out"
        guard let fade = layer.animation(forKey: AudioKey.volume) as? CABasicAnimation,
              let from = fade.fromValue as? Double else {
            return "\(name): volume \(volume(layer.volume))"
        }
        // The animation begins in the layer's time, which a pause and resume
        // has moved away from the host's.
        let frame = engine.firstFrame(atTime: layer.convertTime(fade.beginTime, to: nil))
        return "\(name) from frame \(frame) (\(seconds(ofFrame: frame))): "
            + "volume \(volume(from)) → \(volume(layer.volume)) over \(fade.duration) s"
    }

    /// "▶ playing  0:12.3 / 3:45.0  volume 0.532": the file position and
    /// the presented volume, the one the listener hears now.
    func showStatus() {
        let layer = controller.audioLayer
        // The file plays at the layer's local time.
        let length = layer.source?.duration ?? 0
        let position = min(max(layer.convertTime(engine.currentTime, from: nil), 0), length)
        let presented = layer.presentation()?.volume ?? layer.volume
        status.update("\(controller.isPlaying ? "▶ playing" : "‖ paused ") \(StatusLine.clock(position)) / \(StatusLine.clock(length))"
            + "  volume \(volume(presented))")
    }

    private func seconds(ofFrame frame: Int64) -> String {
        String(format: "%.6f s", engine.time(ofFrame: frame))
    }

    private func volume(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
