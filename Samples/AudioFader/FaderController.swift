import SwellALSA
import SwellSndFile

/// The view controller of objc.io's "Animating Custom Layer Properties"
/// (issue 12): an ``AudioLayer`` in the view's layer tree and three buttons'
/// actions.
///
/// The layer is Swell's `AudioLayer`, which is the article's: `volume` is a
/// dynamic property, `needsDisplay(forKey:)` is true for it, its action is
/// a linear `CABasicAnimation` from the *presentation* value, and
/// `display()` hands the presented volume to the player. So setting
/// `volume` fades — over the transaction's duration, 0.25 s by default —
/// and a fade started during another starts where the sound is, not where
/// the model is.
final class FaderController {
    /// The view's layer. As the article notes, the audio layer must be in a
    /// hosted layer tree for its animations to run; here the host is the
    /// audio engine, whose root this layer becomes.
    let view = CALayer()
    let audioLayer: AudioLayer

    /// `viewDidLoad`: the music layer, added to the view's layer, paused
    /// at its first frame until the play button: a layer plays its file at
    /// its local time, and `speed` 0 holds that time still (QA1673).
    init(contentsOfFile path: String) throws(SoundFileError) {
        audioLayer = try AudioLayer(contentsOfFile: path)
        audioLayer.stop()
        view.addSublayer(audioLayer)
    }

    /// The play/pause button. `stop()` and `play()` pause and resume the
    /// layer's time (QA1673), so the sound and a fade under way stop and
    /// carry on together.
    func playPauseMusic() {
        if audioLayer.isPlaying {
            audioLayer.stop()
        } else {
            audioLayer.play()
        }
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
