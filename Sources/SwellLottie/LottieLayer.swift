import Foundation
import SwellCore

/// The root of a Lottie animation's layer tree (docs/lottie.md#the-layer):
/// a layer whose bounds the animation fills, aspect-fit and centred, as
/// lottie-ios's `scaleAspectFit` does, and whose own `CAMediaTiming` plays
/// it — its local time 0 is the first frame of the range it was made with.
///
/// - progress p: `speed = 0`, `timeOffset = p × duration`;
/// - a loop: `repeatCount = .infinity` (the layer's `duration` is the
///   range's);
/// - speed: `speed`;
/// - its sounds' gain: `volume`, as any sound group's.
public final class LottieLayer: CALayer, SoundGroup {
    /// The gain of the animation's sounds (``SoundGroup``).
    @Dynamic(.volume) public var volume: Double = 1

    /// The animation's own size, which its composition is drawn at.
    public private(set) var compositionSize: CGSize = .zero

    /// A tree for `animation`, between `frames` (by default `ip` to `op`):
    /// `makeSoundLayer` makes the layer that plays each audio layer's
    /// sound (SwellAudio's `AudioLayer`); its `volume` follows the audio
    /// layer's level.
    public init(animation: LottieAnimation, frames: ClosedRange<Double>? = nil,
                makeSoundLayer: (DocumentSound) -> CALayer? = { _ in nil }) {
        super.init()
        let range = frames ?? animation.inPoint...animation.outPoint
        compositionSize = CGSize(width: animation.width, height: animation.height)
        bounds = CGRect(origin: .zero, size: compositionSize)
        duration = (range.upperBound - range.lowerBound) / animation.frameRate
        fillMode = .both
        let composition = CALayer()
        composition.name = "composition"
        composition.anchorPoint = .zero
        composition.bounds = bounds
        composition.masksToBounds = true
        composition.beginTime = -range.lowerBound / animation.frameRate
        withoutActuallyEscaping(makeSoundLayer) { makeSoundLayer in
            CompositionBuilder(animation: animation, makeSoundLayer: makeSoundLayer)
                .build(animation.root, on: .direct, shownFrames: animation.inPoint...animation.outPoint, into: composition)
        }
        addSublayer(composition)
        setNeedsLayout()
    }

    /// An empty layer, showing no animation.
    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        compositionSize = (layer as? LottieLayer)?.compositionSize ?? .zero
    }

    /// The time offset that shows progress `p` (0…1) of the range.
    public func timeOffset(forProgress p: Double) -> CFTimeInterval {
        min(max(p, 0), 1) * duration
    }

    /// Fits the composition in the bounds, aspect kept, centred.
    public override func layoutSublayers() {
        super.layoutSublayers()
        guard let composition = sublayers?.first, compositionSize.width > 0, compositionSize.height > 0 else { return }
        let scale = min(bounds.width / compositionSize.width, bounds.height / compositionSize.height)
        // The fit follows the bounds at once, as a view's content mode does.
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setDisableActions(true)
        composition.transform = CATransform3DMakeScale(scale, scale, 1)
        composition.position = CGPoint(x: bounds.midX - compositionSize.width * scale / 2,
                                       y: bounds.midY - compositionSize.height * scale / 2)
    }
}
