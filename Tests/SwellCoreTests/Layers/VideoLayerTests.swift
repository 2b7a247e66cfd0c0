import Foundation
import Testing
@testable import SwellCore

/// VideoLayer as Apple documents AVPlayerLayer: `videoGravity` defaults to
/// `resizeAspect` and `videoRect` is where the picture is drawn; `volume`
/// is animatable, changed by a basic animation from the presented value.
@Suite struct VideoLayerTests {
    /// A 160×90 picture that is never drawn.
    final class Picture: VideoFrameSource {
        let naturalSize = CGSize(width: 160, height: 90)
        let duration = 2.0
        let nominalFrameRate = 30.0
        func frame(atTime time: Double) -> (any VideoFrame)? { nil }
    }

    @Test("the defaults are AVPlayerLayer's, and the volume's is unity gain")
    func defaults() {
        let layer = VideoLayer()
        #expect(layer.videoGravity == .resizeAspect)
        #expect(layer.volume == 1)
        #expect(layer.videoRect == .zero)
        #expect(layer.value(forKey: "volume") as? Double == 1)
    }

    @Test("videoRect is the natural size placed by the gravity")
    func videoRect() {
        let layer = VideoLayer(source: Picture())
        layer.bounds = CGRect(x: 0, y: 0, width: 320, height: 320)
        // 160×90 in 320×320: fit scales by 2 (320×180, 70 above and below);
        // fill by 320/90 (568.9 wide, centred); resize takes the bounds.
        #expect(layer.videoRect == CGRect(x: 0, y: 70, width: 320, height: 180))
        layer.videoGravity = .resizeAspectFill
        let fill = layer.videoRect
        #expect(abs(fill.width - 160 * 320 / 90) < 1e-9 && fill.height == 320 && abs(fill.midX - 160) < 1e-9)
        layer.videoGravity = .resize
        #expect(layer.videoRect == layer.bounds)
        layer.setValue("resizeAspectFill", forKey: "videoGravity")
        #expect(layer.videoGravity == .resizeAspectFill)
    }

    @Test("setting the volume of a hosted layer animates it from the presented value")
    func volumeAction() {
        let layer = VideoLayer()
        let action = layer.action(forKey: "volume") as? CABasicAnimation
        #expect(action?.keyPath == "volume")
        #expect(action?.fromValue as? Double == 1)
        #expect(action?.toValue == nil)
    }

    @Test("the source is published with each commit and kept by copies")
    func source() {
        let picture = Picture()
        let layer = VideoLayer(source: picture)
        #expect((layer.renderState as? Picture) === picture)
        #expect((VideoLayer(layer: layer).source as? Picture) === picture)
    }
}
