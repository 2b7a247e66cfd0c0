/// A render host with no output: it keeps a layer tree's presentation on a
/// clock — by default a ``ManualClock`` — for tests, for sampling curves
/// (`swell curve`) and for driving non-visual layers such as a mixer from a
/// display link.
public final class HeadlessHost: RenderHost {
    /// A host on `clock`.
    public override init(clock: any MediaClock = ManualClock()) {
        super.init(clock: clock)
    }

    /// A host whose root is `layer`.
    public convenience init(rootLayer layer: CALayer, clock: any MediaClock = ManualClock()) {
        self.init(clock: clock)
        rootLayer = layer
    }
}
