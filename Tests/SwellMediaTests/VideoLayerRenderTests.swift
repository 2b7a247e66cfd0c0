import Foundation
import SwellCore
import SwellRender
import Testing
import TestSupport
@testable import SwellMedia

/// A video layer draws the frame of its local time — its and its
/// ancestors' `beginTime`, `speed` and `timeOffset` — as its contents:
/// frame ⌊t_local·fps⌋ of FFmpeg's decode.
@Suite struct VideoLayerRenderTests {
    let clip = VideoFixtures.Clip()

    /// A root of `width` × the clip's height holding `layer`, which fills
    /// it; `parent`, if given, between them.
    private func tree(_ layer: CALayer, width: Int? = nil, parent: CALayer? = nil) -> CALayer {
        let root = CALayer()
        let size = CGSize(width: width ?? clip.width, height: clip.height)
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        layer.frame = root.bounds
        if let parent {
            parent.frame = root.bounds
            root.addSublayer(parent)
            parent.addSublayer(layer)
        } else {
            root.addSublayer(layer)
        }
        return root
    }

    /// The RGBA bytes of `frame`'s columns from `x`, the clip's width.
    private func pixels(of frame: Frame, from x: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        for row in 0..<clip.height {
            for column in x..<(x + clip.width) {
                let p = frame.pixel(x: column, y: row)
                bytes += [p.red, p.green, p.blue, p.alpha]
            }
        }
        return bytes
    }

    /// Renders `root` at each host time and checks the frame drawn.
    private func expectFrames(_ expected: [(time: Double, frame: Int)], of root: CALayer,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let host = HeadlessHost(rootLayer: root)
        CATransaction.flush()
        let canvas = Canvas(width: Int(root.bounds.width), height: clip.height)
        for (time, k) in expected {
            let drawn = pixels(of: Renderer().render(host.latestSnapshot!, at: time, into: canvas))
            let difference = VideoFixtures.difference(drawn, clip.frames[k])
            #expect(difference <= 2, "at \(time) s: frame \(k) differs by \(difference), closest is \(VideoFixtures.closestFrame(to: drawn, in: clip))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("beginTime 1 shows the first frame at host time 1, and holds it before")
    func beginTime() throws {
        let layer = VideoLayer(source: try VideoFile(path: clip.path))
        layer.beginTime = 1
        expectFrames([(0, 0), (0.5, 0), (1, 0), (1.5, 12), (2.04, 26), (4.99, 99), (6, 99)], of: tree(layer))
    }

    @Test("timeOffset 2 starts two seconds in")
    func timeOffset() throws {
        let layer = VideoLayer(source: try VideoFile(path: clip.path))
        layer.timeOffset = 2
        expectFrames([(0, 50), (1, 75), (0.5, 62)], of: tree(layer))
    }

    @Test("speed 2 plays twice as fast, and an ancestor's speed multiplies")
    func speed() throws {
        let layer = VideoLayer(source: try VideoFile(path: clip.path))
        layer.speed = 2
        expectFrames([(0.5, 25), (1, 50), (0.25, 12)], of: tree(layer))
        let slow = CALayer()
        slow.speed = 0.5
        let inner = VideoLayer(source: try VideoFile(path: clip.path))
        expectFrames([(2, 25), (1, 12), (4, 50)], of: tree(inner, parent: slow))
    }

    @Test("speed 0 holds the frame of the pause")
    func paused() throws {
        let layer = VideoLayer(source: try VideoFile(path: clip.path))
        layer.speed = 0
        layer.timeOffset = 1.2
        expectFrames([(0, 30), (3, 30)], of: tree(layer))
    }

    @Test("resizeAspect centres the picture with empty bars; its videoRect says where")
    func gravity() throws {
        let layer = VideoLayer(source: try VideoFile(path: clip.path))
        let root = tree(layer, width: 3 * clip.width)
        // Apple's resizeAspect: scale min(288/96, 64/64) = 1, centred.
        #expect(layer.videoRect == CGRect(x: 96, y: 0, width: 96, height: 64))
        let host = HeadlessHost(rootLayer: root)
        CATransaction.flush()
        let frame = Renderer().render(host.latestSnapshot!, at: 0.4,
                                      into: Canvas(width: 3 * clip.width, height: clip.height))
        #expect(VideoFixtures.difference(pixels(of: frame, from: clip.width), clip.frames[10]) <= 2)
        #expect(pixels(of: frame, from: 0).allSatisfy { $0 == 0 })
        #expect(pixels(of: frame, from: 2 * clip.width).allSatisfy { $0 == 0 })
    }
}
