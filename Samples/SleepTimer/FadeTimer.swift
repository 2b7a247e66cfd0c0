import Foundation
import SampleTerminal
import SwellALSA

/// A mixer control faded by a ``MixerLayer`` on the host clock, with a
/// display link on the current run loop and keys to cancel.
///
/// The fade is plain Core Animation: `volume` set in a transaction with
/// the fade's duration and timing function runs the layer's action (a
/// basic animation from the presented level), and the transaction's
/// completion block says when it is over. Each display-link frame
/// evaluates the animation and `MixerLayer.display()` writes the level if
/// its step changed. Cancelling with `--restore` is a second change of
/// `volume`: its animation starts from the level the card is at, so the
/// return is as smooth as the fade.
final class FadeTimer {
    /// How the timer ended.
    enum Outcome {
        case finished
        /// Cancelled; the exit status to end with (0 for `q`, 128 + the
        /// signal for Ctrl-C or a signal).
        case cancelled(exitStatus: Int32)
    }

    private enum Phase {
        case fading
        /// Cancelled with `--restore`: returning to the original level.
        case restoring
        case ended(Outcome)
    }

    /// Display-link frames per second: while the level moves, a write
    /// every 10 ms at most (whenever the step changes), as `swell mixer`.
    static let framesPerSecond = 100

    /// The level the control was at, as linear amplitude.
    let original: Double
    private let card: MixerLayer
    private let host = HeadlessHost(clock: HostClock())
    private let target: Double
    private let duration: Double
    private let timing: CAMediaTimingFunction
    private let restoresOnCancel: Bool
    private let status: StatusLine
    private let keyboard = Keyboard()
    private var phase = Phase.fading
    /// Whether the stop request of a signal has been acted on (a second
    /// signal ends the process; see ``Interruption``).
    private var signalHandled = false
    /// When the fade ends, on the host clock.
    private var end = 0.0

    /// A timer that will fade `control` to `level` (linear amplitude) over
    /// `duration` seconds, shaped by `timing`.
    init(control: MixerControl, to level: Double, duration: Double, timing: CAMediaTimingFunction,
         restoresOnCancel: Bool, status: StatusLine) throws(ALSAError) {
        card = try MixerLayer(control: control)
        original = card.volume
        target = level
        self.duration = duration
        self.timing = timing
        self.restoresOnCancel = restoresOnCancel
        self.status = status
        host.rootLayer = card
    }

    /// Starts the fade and runs the current run loop until it ends or is
    /// cancelled. Throws the first error writing the control.
    func run() throws(ALSAError) -> Outcome {
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(timing)
        CATransaction.setCompletionBlock { [unowned self] in fadeDidEnd() }
        card.volume = target
        CATransaction.commit()
        end = (card.animation(forKey: AudioKey.volume)?.beginTime ?? host.currentTime) + duration

        let link = CADisplayLink(host: host, target: self, action: FadeTimer.step)
        link.preferredFramesPerSecond = Self.framesPerSecond
        link.add(to: .current, forMode: .default)
        defer { link.invalidate() }
        while true {
            if let error = card.writeError { throw error }
            if case .ended(let outcome) = phase { return outcome }
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: link.duration))
        }
    }

    /// One display-link frame, after the layer has been displayed: keys,
    /// signals and the status line.
    private func step(_ link: CADisplayLink) {
        for key in keyboard.pendingKeys() {
            switch key {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): cancel(exitStatus: 0)
            case Keyboard.interrupt: cancel(exitStatus: 128 + SIGINT)
            default: break
            }
        }
        if Interruption.isRequested && !signalHandled {
            signalHandled = true
            cancel(exitStatus: Interruption.exitStatus)
        }
        let level = card.presentation()?.volume ?? card.volume
        let remaining = max(0, end - link.timestamp)
        status.update("\(card.name ?? "level") \(Self.describe(level: level))   \(StatusLine.clock(remaining)) left")
    }

    private func cancel(exitStatus: Int32) {
        let outcome = Outcome.cancelled(exitStatus: exitStatus)
        guard case .fading = phase, restoresOnCancel else {
            // Stop where the last frame left the card (a second cancel
            // stops the return too).
            phase = .ended(outcome)
            return
        }
        phase = .restoring
        CATransaction.begin()
        CATransaction.setCompletionBlock { [unowned self] in phase = .ended(outcome) }
        card.volume = original
        CATransaction.commit()
    }

    /// The fade's transaction completed: its animation finished, or was
    /// replaced by the return to the original level.
    private func fadeDidEnd() {
        if case .fading = phase { phase = .ended(.finished) }
    }

    /// "43.2% (-7.3 dB)".
    static func describe(level: Double) -> String {
        let decibels = 20 * log10(level)
        return String(format: "%.1f%%", 100 * level)
            + (decibels.isFinite ? String(format: " (%.1f dB)", decibels) : " (-inf dB)")
    }
}
