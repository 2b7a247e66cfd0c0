import SwellALSA
import SwellAudio
import SwellScript

/// The layer kinds `swell` reads scripts with.
let playerKinds = LayerKind.standard + [.audio, .mixer]
