import Foundation
import SwellCore
import SwellLottie
import SwellRender

/// A ``LottieLayer`` filling a root layer of a canvas's size on a
/// headless host with a manual clock: the scene `swell render anim.json`
/// sets up (Sources/SwellScenes/RenderCommand+Lottie.swift), in this
/// process. The host's time 0 is the animation's first frame.
final class LottieStage {
    let clock = ManualClock()
    let root = CALayer()
    let lottie: LottieLayer
    let host: HeadlessHost
    let width: Int, height: Int

    init(_ animation: LottieAnimation, width: Int? = nil, height: Int? = nil, configure: (LottieLayer) -> Void = { _ in }) {
        self.width = width ?? Int(animation.width.rounded(.up))
        self.height = height ?? Int(animation.height.rounded(.up))
        let bounds = CGRect(x: 0, y: 0, width: Double(self.width), height: Double(self.height))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = bounds
        root.position = CGPoint(x: bounds.midX, y: bounds.midY)
        lottie = LottieLayer(animation: animation)
        lottie.bounds = bounds
        lottie.position = root.position
        configure(lottie)
        root.addSublayer(lottie)
        CATransaction.commit()
        host = HeadlessHost(rootLayer: root, clock: clock)
        CATransaction.flush()
    }

    /// Shows host time `time`: one display frame there, as a display link's
    /// refresh (``FrameRecorder/step(_:through:on:_:)``).
    func show(_ time: Double) {
        host.runEvents(through: time)
        clock.set(time)
        host.displayFrame(at: time)
    }

    /// The frame at host time `time`, transparent where nothing is drawn.
    func render(at time: Double, renderer: Renderer = Renderer()) -> Frame {
        show(time)
        return renderer.render(host.latestSnapshot!, at: time, into: Canvas(width: width, height: height))
    }

    /// The first layer in the tree (depth first) named `name`.
    func layer(named name: String) -> CALayer? {
        var found: CALayer?
        lottie.forEachInTree { if found == nil, $0.name == name { found = $0 } }
        return found
    }
}
