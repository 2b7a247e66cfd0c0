import SwellCore

/// The group that holds a Lottie audio layer's sound (docs/lottie.md#sound):
/// its `volume` is 1 between the layer's in and out points and 0 outside,
/// so the sound is heard only then, whatever its file's length — as a
/// layer's visibility is its `hidden`.
final class SoundWindowLayer: CALayer, SoundGroup {
    @Dynamic(.volume) var volume: Double = 1

    override init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }
}
