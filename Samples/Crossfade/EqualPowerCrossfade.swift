import SwellALSA
import SwellSndFile

/// Two ``AudioLayer``s in one engine, the first handing over to the second
/// with equal power.
///
/// The first file plays from the start; the crossfade begins `duration`
/// before its end (at 0 when it is shorter), and the second file starts
/// there, so the first ends as the crossfade does. Both changes happen in
/// one transaction, a scheduled event of the engine, so they begin at the
/// same frame — `ceil(T·fs)` — in a live or an offline render alike.
///
/// **Why a pair of animations, not a `CATransition`.** A transition holds a
/// single progress on the presentation layer (`transitionProgress`) from
/// which a host may blend old and new content. But Swell's engine applies
/// `volume` and `pan`, not `transitionProgress`: a transition could reach
/// the gain only through `display()`, once per audio period (the display
/// path). Two basic animations of `volume` stay on the sample path, where
/// the engine evaluates them at every frame.
///
/// **Why `qsin` and its mirror.** For uncorrelated signals the power of the
/// mix is gA² + gB²; an equal-power crossfade keeps it at 1 with
/// gA = cos(πp/2) and gB = sin(πp/2) at progress p. The incoming volume
/// animates 0 → 1 timed by `qsin`, F(x) = sin(πx/2) (SoX's `fade q`); the
/// outgoing volume animates 1 → 0 timed by the mirrored curve
/// G(x) = 1 − F(1 − x), so its value is 1 − G(p) = F(1 − p) = cos(πp/2) —
/// the fade-out SoX and FFmpeg make with the same curve.
final class EqualPowerCrossfade {
    let engine: AudioEngine
    /// The first file's layer, fading out.
    let outgoing: AudioLayer
    /// The second file's layer, fading in.
    let incoming: AudioLayer
    /// When the crossfade begins and the second file starts, in seconds.
    let startTime: Double
    /// How long the crossfade lasts, in seconds.
    let duration: Double
    /// The length of the mix: until the later of the two files ends.
    let frameCount: Int64

    /// Sets up the crossfade from `first` to `second` over `duration`
    /// seconds, rendered live or offline. Throws when a file cannot be read
    /// or the two sample rates differ (Swell does not resample).
    init(from first: String, to second: String, duration: Double, mode: AudioEngine.Mode) throws {
        outgoing = try AudioLayer(contentsOfFile: first)
        incoming = try AudioLayer(contentsOfFile: second)
        let a = outgoing.source!, b = incoming.source!
        guard a.sampleRate == b.sampleRate else {
            throw CrossfadeError("'\(second)' is \(b.sampleRate) Hz but '\(first)' is \(a.sampleRate) Hz; Crossfade does not resample")
        }
        guard let firstDuration = a.duration else {
            throw CrossfadeError("'\(first)' does not say how long it is; Crossfade starts from its end")
        }
        engine = AudioEngine(sampleRate: a.sampleRate, channelCount: max(a.channelCount, b.channelCount), mode: mode)
        self.duration = duration
        startTime = max(0, firstDuration - duration)
        frameCount = max(a.frameCount, engine.firstFrame(atTime: startTime) + b.frameCount)

        // Not yet hosted, so these changes do not animate. A layer plays
        // its file at its local time: the incoming file starts when its
        // layer's time does.
        incoming.volume = 0
        incoming.beginTime = startTime
        let mix = CALayer()
        mix.addSublayer(outgoing)
        mix.addSublayer(incoming)
        engine.rootLayer = mix

        engine.schedule(at: startTime) { [outgoing, incoming] in
            // The event runs inside a transaction committed at startTime.
            // Explicit animations: the layers' own action would fade both
            // the same way.
            CATransaction.setDisableActions(true)
            outgoing.volume = 0
            incoming.volume = 1
            let qsin = CAMediaTimingFunction(name: .qsin)
            outgoing.add(Self.fade(from: 1, to: 0, duration: duration, timing: qsin.mirrored), forKey: "crossfade")
            incoming.add(Self.fade(from: 0, to: 1, duration: duration, timing: qsin), forKey: "crossfade")
        }
    }

    private static func fade(from: Double, to: Double, duration: Double,
                             timing: CAMediaTimingFunction) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: AudioKey.volume)
        fade.fromValue = from
        fade.toValue = to
        fade.duration = duration
        fade.timingFunction = timing
        return fade
    }
}

/// Input Crossfade cannot mix, described in one line.
struct CrossfadeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
