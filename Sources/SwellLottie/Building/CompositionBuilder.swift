import Foundation
import SwellCore

/// A composition's layers as Core Animation layers (docs/lottie.md#layers),
/// following lottie-ios's Core Animation engine:
///
/// - each Lottie layer is a `CALayer` with its transform, opacity and
///   masks, holding its content (shapes, a solid, an image, a precomp's
///   composition), shown between its in and out points by a discrete
///   animation of `hidden`;
/// - a parent's transform (not its opacity or visibility) reaches a child
///   through transform-only layers around it, one per ancestor, so the
///   children keep their own place in the z-order;
/// - a track matte masks the matted layer (with its ancestors) by the matte
///   layer above it;
/// - a blend mode is the outermost layer's `compositingFilter`.
struct CompositionBuilder {
    let animation: LottieAnimation
    /// Makes the layer that plays an audio layer's sound; nil leaves it out.
    let makeSoundLayer: (DocumentSound) -> CALayer?

    var frameRate: Double { animation.frameRate }

    /// Adds the layers of `composition` to `container`, bottom first, on
    /// `timeline`; `shownFrames` are the frames the whole composition is
    /// seen (visibility animations that cover them all are left out).
    func build(_ composition: Composition, on timeline: Timeline, shownFrames: ClosedRange<Double>?, into container: CALayer) {
        let layers = composition.layers
        let byIndex = Dictionary(layers.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
        for k in layers.indices.reversed() {
            let model = layers[k]
            guard !model.isHidden, !model.isMatteSource else { continue }
            var tree = chain(model, byIndex: byIndex, on: timeline, shownFrames: shownFrames)
            if let matte = model.matte,
               let source = model.matteSource.flatMap({ byIndex[$0] }) ?? (k > 0 ? layers[k - 1] : nil) {
                tree = matted(tree, by: chain(source, byIndex: byIndex, on: timeline, shownFrames: shownFrames), as: matte)
            }
            if let filter = BlendMode.compositingFilter(model.blendMode) { tree.compositingFilter = filter }
            container.addSublayer(tree)
        }
    }

    /// The layer inside its ancestors' transform layers.
    private func chain(_ model: LottieLayerModel, byIndex: [Int: LottieLayerModel], on timeline: Timeline,
                       shownFrames: ClosedRange<Double>?) -> CALayer {
        var outermost = layer(model, on: timeline, shownFrames: shownFrames)
        var next = model.parent.flatMap { byIndex[$0] }
        while let parent = next {
            let holder = CALayer()
            Animator(frameRate: frameRate, timeline: timeline)
                .applyTransform(parent.transform, to: holder, autoOrient: parent.autoOrient)
            holder.addSublayer(outermost)
            outermost = holder
            next = parent.parent.flatMap { byIndex[$0] }
        }
        return outermost
    }

    /// One Lottie layer: transform, opacity, visibility, content, masks.
    private func layer(_ model: LottieLayerModel, on timeline: Timeline, shownFrames: ClosedRange<Double>?) -> CALayer {
        let animator = Animator(frameRate: frameRate, timeline: timeline)
        let layer = CALayer()
        layer.name = model.name
        var size = CGSize.zero
        switch model.content {
        case .shapes(let items):
            ShapeBuilder(animator: animator).build(items, in: layer)
        case .solid(let color, let width, let height):
            size = CGSize(width: width, height: height)
            let solid = sizedSublayer(size, of: layer)
            solid.backgroundColor = ShapeBuilder.color(color) as? CGColor
        case .image(let id):
            let image = animation.images[id]!
            size = CGSize(width: Double(image.width), height: Double(image.height))
            sizedSublayer(size, of: layer).contents = image
        case .precomp(let id, let width, let height, let timeRemap):
            size = CGSize(width: width, height: height)
            let content = sizedSublayer(size, of: layer)
            content.masksToBounds = true
            let child = precompTimeline(model, timeRemap: timeRemap, on: timeline, content: content)
            build(animation.precomps[id]!, on: child, shownFrames: nil, into: content)
        case .audio(let id, let level):
            if let sound = makeSoundLayer(animation.sounds[id]!) {
                layer.addSublayer(soundWindow(sound, model, level: level, animator: animator))
            }
        case .null:
            break
        }
        animator.applyTransform(model.transform, to: layer, size: size, autoOrient: model.autoOrient)
        animator.animate(layer, "opacity", model.transform.opacity) { $0[0] / 100 }
        if let shadow = model.dropShadow { castShadow(shadow, from: layer, animator: animator) }
        if let mask = MaskBuilder(animator: animator).maskLayer(model.masks) {
            mask.anchorPoint = .zero
            layer.mask = mask
        }
        showBetweenInAndOutPoints(layer, model, on: timeline, shownFrames: shownFrames)
        return layer
    }

    /// An audio layer's sound (docs/lottie.md#sound): heard between the
    /// layer's in and out points — a group whose `volume` is 1 only then
    /// holds it — its file starting at the layer's start time, its level
    /// (dB) a `volume` animation of the same keyframes on a decibel taper
    /// (``DocumentSound/decibelFloor``), moved onto the sound's time.
    private func soundWindow(_ sound: CALayer, _ model: LottieLayerModel, level: LottieProperty<[Double]>,
                             animator: Animator) -> CALayer {
        let window = SoundWindowLayer()
        window.volume = 0
        if model.outPoint > model.inPoint {
            window.add(Self.window(PropertyDeclaration.volume.key, [1], from: model.inPoint, to: model.outPoint,
                                   frameRate: frameRate), forKey: "window")
        }
        sound.beginTime = model.startTime / frameRate
        animator.animate(sound, PropertyDeclaration.volume.key, level.shifted(by: -model.startTime)) {
            DocumentSound.volume(decibels: $0.first ?? 0)
        }
        window.addSublayer(sound)
        return window
    }

    /// `keyPath` at `values[0]` from frame `start` to frame `end` (not
    /// including it) and at its model value outside: a layer's in and out
    /// points.
    static func window(_ keyPath: String, _ values: [Any], from start: Double, to end: Double, frameRate: Double)
        -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = [0, 1]
        animation.calculationMode = .discrete
        let begin = start / frameRate
        animation.beginTime = begin == 0 ? AVCoreAnimationBeginTimeAtZero : begin
        // Ends at end ÷ frameRate itself, as the time of that frame is:
        // (end − start) ÷ frameRate may round up, which would leave the
        // layer showing there (30 fps, ip 15, op 40).
        animation.duration = end / frameRate - begin
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// The Drop Shadow effect as the layer's Core Animation shadow, as
    /// lottie-ios draws it: the shadow's colour and opacity (of 255), its
    /// offset `distance` towards `direction` (clockwise from up, so 180° is
    /// straight down), its radius a fifth of the softness.
    private func castShadow(_ shadow: LottieDropShadow, from layer: CALayer, animator: Animator) {
        animator.animate(layer, "shadowColor", shadow.color, ShapeBuilder.color)
        animator.animate(layer, "shadowOpacity", shadow.opacity) { Float(min(max($0[0] / 255, 0), 1)) }
        animator.animate(layer, "shadowRadius", shadow.softness) { max($0[0] / 5, 0) }
        animator.animateDerived(layer, "shadowOffset", keyTimes: shadow.offsetKeyTimes) { frame in
            let angle = shadow.direction.scalar(at: frame) * .pi / 180, distance = shadow.distance.scalar(at: frame)
            return CGSize(width: distance * sin(angle), height: -distance * cos(angle))
        }
    }

    /// A sublayer of `size` at the layer's origin, for what has a size.
    @discardableResult
    private func sizedSublayer(_ size: CGSize, of layer: CALayer) -> CALayer {
        let content = CALayer()
        content.anchorPoint = .zero
        content.bounds = CGRect(origin: .zero, size: size)
        content.position = .zero
        layer.addSublayer(content)
        return content
    }

    /// The time of a precomp's composition: its container's layer timing
    /// (`beginTime` the start time, `speed` the inverse stretch) on a direct
    /// timeline; a sampled timeline under time remapping.
    private func precompTimeline(_ model: LottieLayerModel, timeRemap: LottieProperty<[Double]>?, on timeline: Timeline,
                                 content: CALayer) -> Timeline {
        let (st, sr, fr) = (model.startTime, model.stretch, frameRate)
        switch timeline {
        case .direct where timeRemap == nil:
            content.beginTime = st / fr
            content.speed = Float(1 / sr)
            return .direct
        case .direct:
            let remap = timeRemap!
            return .sampled(range: model.inPoint...max(model.inPoint, model.outPoint)) { frame in
                remap.scalar(at: frame) * fr
            }
        case .sampled(let range, let map):
            return .sampled(range: range) { frame in
                let shown = map(frame)
                return timeRemap.map { $0.scalar(at: shown) * fr } ?? (shown - st) / sr
            }
        }
    }

    /// `hidden` outside `[ip, op)`, in composition frames.
    private func showBetweenInAndOutPoints(_ layer: CALayer, _ model: LottieLayerModel, on timeline: Timeline,
                                           shownFrames: ClosedRange<Double>?) {
        let (ip, op) = (model.inPoint, model.outPoint)
        switch timeline {
        case .direct:
            if let shown = shownFrames, ip <= shown.lowerBound, op >= shown.upperBound { return }
            layer.isHidden = true
            guard op > ip else { return }
            layer.add(Self.window("hidden", [false], from: ip, to: op, frameRate: frameRate), forKey: "visibility")
        case .sampled(let range, let map):
            var track = Track.sampled(over: range) { frame in
                let f = map(frame)
                return !(ip <= f && f < op)
            }
            track.isDiscrete = true
            layer.isHidden = track.values.first as? Bool ?? true
            if let animation = track.animation(keyPath: "hidden", frameRate: frameRate) {
                layer.add(animation, forKey: "visibility")
            }
        }
    }

    /// `content` masked by `matte`: by its alpha, or by what it leaves
    /// uncovered — the matte under a rectangle beyond the layer's reach
    /// that Core Image's source out keeps only where the matte is not —
    /// or by its luminance (`maskMode`), or by the luminance of its
    /// negative: the matte differenced with white (`1 − c·a`).
    private func matted(_ content: CALayer, by matte: CALayer, as kind: LottieLayerModel.Matte) -> CALayer {
        let holder = CALayer()
        holder.addSublayer(content)
        let everything = CAShapeLayer()
        everything.path = CGPath(rect: MaskBuilder.everywhere)
        switch kind {
        case .alpha:
            holder.mask = matte
        case .invertedAlpha:
            let inverse = CALayer()
            inverse.addSublayer(matte)
            everything.fillColor = .black
            everything.compositingFilter = "sourceOutCompositing"
            inverse.addSublayer(everything)
            holder.mask = inverse
        case .luma:
            holder.maskMode = .luminance
            holder.mask = matte
        case .invertedLuma:
            holder.maskMode = .luminance
            let negative = CALayer()
            everything.fillColor = .white
            negative.addSublayer(everything)
            let differenced = CALayer()
            differenced.compositingFilter = "differenceBlendMode"
            differenced.addSublayer(matte)
            negative.addSublayer(differenced)
            holder.mask = negative
        }
        return holder
    }
}
