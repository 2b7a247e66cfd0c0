import Foundation
import SampleTerminal
import SwellAudio

/// The keys of a running AudioFader, turned into the view controller's
/// actions, and what the terminal shows of them.
final class FaderSession {
    /// What a key asks for.
    enum Command: Equatable {
        case playPause, fadeIn, fadeOut, quit

        init?(key: UInt8) {
            switch key {
            case UInt8(ascii: " "): self = .playPause
            case UInt8(ascii: "i"), UInt8(ascii: "I"): self = .fadeIn
            case UInt8(ascii: "o"), UInt8(ascii: "O"): self = .fadeOut
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), Keyboard.interrupt, Keyboard.endOfInput: self = .quit
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

    /// Runs the button action for `command` in a transaction of
    /// `fadeDuration` — the one setting the seed leaves to Core Animation —
    /// and prints where on the audio timeline it took effect.
    func perform(_ command: Command) {
        // Nothing committed now can change a frame already rendered.
        let earliest = engine.renderedFrames
        CATransaction.begin()
        CATransaction.setAnimationDuration(fadeDuration)
        switch command {
        case .playPause: controller.playPauseMusic()
        case .fadeIn: controller.fadeIn()
        case .fadeOut: controller.fadeOut()
        case .quit: break
        }
        CATransaction.commit()
        status.print(report(command, earliestFrame: earliest))
    }

    /// "fade out from frame 592593 (12.345688 s): volume 1.000 → 0.000 over
    /// 0.25 s", from the animation the layer's action added (its
    /// `beginTime` is the commit time, on the audio clock), or "play from
    /// frame …" for play and pause.
    private func report(_ command: Command, earliestFrame: Int64) -> String {
        let layer = controller.audioLayer
        guard command == .fadeIn || command == .fadeOut else {
            return "\(layer.isPlaying ? "play" : "pause") from frame \(earliestFrame) (\(seconds(ofFrame: earliestFrame)))"
        }
        let name = command == .fadeIn ? "fade in" : "fade out"
        guard let fade = layer.animation(forKey: "volume") as? CABasicAnimation,
              let from = fade.fromValue as? Double else {
            return "\(name): volume \(volume(layer.volume))"
        }
        let frame = engine.firstFrame(atTime: fade.beginTime)
        return "\(name) from frame \(frame) (\(seconds(ofFrame: frame))): "
            + "volume \(volume(from)) → \(volume(layer.volume)) over \(fade.duration) s"
    }

    /// "▶ playing  0:12.3 / 3:45.0  volume 0.532": the file position and
    /// the presented volume, the one the listener hears now.
    func showStatus() {
        let layer = controller.audioLayer
        let rate = Double(engine.sampleRate)
        let position = Double(engine.framesPlayed(of: layer)) / rate
        let length = layer.source.map { Double($0.frameCount) / rate } ?? 0
        let presented = layer.presentation()?.volume ?? layer.volume
        status.update("\(layer.isPlaying ? "▶ playing" : "‖ paused ") \(StatusLine.clock(position)) / \(StatusLine.clock(length))"
            + "  volume \(volume(presented))")
    }

    private func seconds(ofFrame frame: Int64) -> String {
        String(format: "%.6f s", engine.time(ofFrame: frame))
    }

    private func volume(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
