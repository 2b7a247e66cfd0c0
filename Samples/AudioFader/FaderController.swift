import SwellALSA
import SwellSession
import SwellSndFile

/// The view controller of objc.io's "Animating Custom Layer Properties"
/// (issue 12): an ``AudioLayer`` in a hosted layer tree and three buttons'
/// actions.
///
/// The layer is Swell's `AudioLayer`, which is the article's: `volume` is a
/// dynamic property, `needsDisplay(forKey:)` is true for it, its action is
/// a linear `CABasicAnimation` from the *presentation* value, and
/// `display()` hands the presented volume to the player. So setting
/// `volume` fades — over the transaction's duration, 0.25 s by default —
/// and a fade started during another starts where the sound is, not where
/// the model is.
///
/// The play button is the session's: the pause and resume `swell ctl` and
/// MPRIS's `PlayPause` ask for, answered by the same responder.
final class FaderController {
    let audioLayer: AudioLayer
    private let session: ControlResponder

    /// `viewDidLoad`: the music layer, in the tree the session hosts.
    init(audioLayer: AudioLayer, session: ControlResponder) {
        self.audioLayer = audioLayer
        self.session = session
    }

    /// Whether the music plays: the session's tree is not paused.
    var isPlaying: Bool { !session.host.isRootLayerPaused }

    /// The play/pause button: QA1673's pause or resume of the whole tree,
    /// which an audio engine makes without a click — a 20 ms ramp to
    /// silence before the tree stops, and one back up as it carries on
    /// (docs/audio.md#pausing-without-a-click). The sound and a fade under
    /// way stop and carry on together.
    func playPauseMusic() {
        _ = session.respond(to: isPlaying ? .pause : .resume)
    }

    /// The fade-in button.
    func fadeIn() {
        audioLayer.volume = 1
    }

    /// The fade-out button.
    func fadeOut() {
        audioLayer.volume = 0
    }
}
