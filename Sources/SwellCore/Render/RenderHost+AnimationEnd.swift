/// When the hosted tree stops moving and its videos end: what an offline
/// renderer needs to know how long a scene is (docs/cli.md#frame-sequences).
extension RenderHost {
    /// The animation of the hosted tree that ends last, with the host time
    /// it ends at; nil when the tree has no animations.
    ///
    /// An animation ends, in its layer's time space, at its `beginTime`
    /// plus its active duration over its `speed` — the active duration as
    /// `CAMediaTiming` defines it: `repeatDuration` when set, else
    /// `duration × repeatCount` (at least one), doubled by `autoreverses`.
    /// That end is then mapped to host time through the layer and its
    /// ancestors (`convertTime(_:to: nil)`). The end is infinite for an
    /// animation that repeats forever, has speed 0, or sits on a paused
    /// layer. Animations added with `beginTime` 0 have their begin time once
    /// committed, so call this after the changes are flushed.
    public var lastAnimationEnd: (time: CFTimeInterval, layer: CALayer, animation: CAAnimation)? {
        var last: (time: CFTimeInterval, layer: CALayer, animation: CAAnimation)?
        for end in animationEnds where last.map({ end.time > $0.time }) ?? true { last = end }
        return last
    }

    /// Every animation of the hosted tree, with the host time it ends at
    /// (``lastAnimationEnd``), in tree order.
    public var animationEnds: [(time: CFTimeInterval, layer: CALayer, animation: CAAnimation)] {
        var ends: [(time: CFTimeInterval, layer: CALayer, animation: CAAnimation)] = []
        rootLayer?.forEachInTree { layer in
            let paused = layer.ancestry.contains { $0.speed == 0 }
            for (_, animation) in layer.animationEntries {
                let timing = animation.timing
                let localEnd = timing.beginTime + timing.activeDuration / Swift.abs(timing.speed)
                ends.append((paused || !localEnd.isFinite ? .infinity : layer.hostTime(fromLocalTime: localEnd),
                             layer, animation))
            }
        }
        return ends
    }

    /// The host time at which the hosted tree's last video ends: a video
    /// layer shows its last frame from its source's `duration` on, in the
    /// layer's own time (docs/video.md#video-layers), which is mapped to
    /// host time as an animation's end is, so the layer's and its
    /// ancestors' `beginTime`, `speed` and `timeOffset` move it. Infinite
    /// for a video on a paused layer; nil when the tree has no video.
    public var lastVideoEnd: CFTimeInterval? {
        guard let root = rootLayer else { return nil }
        var last: CFTimeInterval?
        root.forEachInTree { layer in
            guard let video = layer as? VideoLayer, let source = video.source else { return }
            let paused = layer.ancestry.contains { $0.speed == 0 }
            let end = paused ? .infinity : layer.hostTime(fromLocalTime: source.duration)
            last = max(last ?? end, end)
        }
        return last
    }
}
