import SwellALSA
import SwellAudio
import SwellScript

/// The layer kinds a player reads scripts with: the standard ones, and the
/// audio and mixer layers SwellAudio and SwellALSA declare.
let playerKinds = LayerKind.standard + [.audio, .mixer]
