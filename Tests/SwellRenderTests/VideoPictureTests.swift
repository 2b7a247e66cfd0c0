import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// A video layer's frame is converted by the renderer as it draws it, once
/// a frame however often it is drawn, as AVPlayerLayer's compositor keeps
/// the buffer it shows.
@Suite struct VideoPictureTests {
    typealias F = RenderFixtures

    /// Ten frames a second of solid colours: frame k is opaque red of level
    /// 20k + 10, 8 × 4 pixels. Counts the conversions; frame `failing`
    /// cannot be converted.
    final class Colours: VideoFrameSource {
        final class Picture: VideoFrame {
            let width = 8, height = 4
            let level: UInt8
            let fails: Bool
            let writes: Locked<Int>

            init(level: UInt8, fails: Bool, writes: Locked<Int>) {
                (self.level, self.fails, self.writes) = (level, fails, writes)
            }

            func write(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool {
                writes.withLock { $0 += 1 }
                guard !fails else { return false }
                for y in 0..<height {
                    let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { row[x] = 0xFF00_0000 | UInt32(level) << 16 }
                }
                return true
            }
        }

        let naturalSize = CGSize(width: 8, height: 4)
        let duration = 1.0
        let nominalFrameRate = 10.0
        let writes: Locked<Int>
        let pictures: [Picture]

        init(failing: Int? = nil) {
            let writes = Locked(0)
            self.writes = writes
            pictures = (0..<10).map { Picture(level: UInt8(20 * $0 + 10), fails: $0 == failing, writes: writes) }
        }

        func frame(atTime time: Double) -> (any VideoFrame)? {
            pictures[min(max(Int((time * 10).rounded(.down)), 0), 9)]
        }

        var conversions: Int { writes.withLock { $0 } }
    }

    /// Layers showing `sources` side by side, each 8 × 4 at its natural
    /// size, hosted at time 0.
    private func snapshot(of sources: [Colours]) -> (HeadlessHost, RenderSnapshot) {
        let root = F.root(width: CGFloat(8 * sources.count), height: 4)
        for (i, source) in sources.enumerated() {
            let layer = VideoLayer(source: source)
            layer.frame = CGRect(x: 8 * i, y: 0, width: 8, height: 4)
            root.addSublayer(layer)
        }
        return F.snapshot(of: root)
    }

    /// The red level drawn at the centre of layer `i`, or nil when its
    /// pixel is not opaque pure red.
    private func red(_ frame: Frame, layer i: Int) -> Int? {
        let p = frame.pixel(x: 8 * i + 4, y: 2)
        return p.alpha == 255 && p.green == 0 && p.blue == 0 ? Int(p.red) : nil
    }

    @Test("a frame drawn again is not converted again; the next frame is, once")
    func convertedOncePerFrame() {
        let video = Colours()
        let (_, snapshot) = snapshot(of: [video])
        let renderer = Renderer()
        let canvas = Canvas(width: 8, height: 4)
        for (time, level, conversions) in [(0.0, 10, 1), (0.04, 10, 1), (0.09, 10, 1), (0.1, 30, 2), (0.15, 30, 2),
                                           (0.55, 110, 3), (0.05, 10, 4)] {
            let frame = renderer.render(snapshot, at: time, into: canvas)
            #expect(red(frame, layer: 0) == level, "at \(time) s")
            #expect(video.conversions == conversions, "at \(time) s")
        }
    }

    @Test("each of several videos keeps its own picture")
    func picturePerVideo() {
        let videos = [Colours(), Colours(), Colours()]
        let (_, snapshot) = snapshot(of: videos)
        let renderer = Renderer()
        let canvas = Canvas(width: 24, height: 4)
        for _ in 0..<3 {
            let frame = renderer.render(snapshot, at: 0.25, into: canvas)
            #expect((0..<3).map { red(frame, layer: $0) } == [50, 50, 50])
        }
        #expect(videos.map(\.conversions) == [1, 1, 1])
    }

    @Test("a frame that cannot be converted draws nothing, and the next one draws")
    func failedConversion() {
        let video = Colours(failing: 1)
        let (_, snapshot) = snapshot(of: [video])
        let renderer = Renderer()
        let canvas = Canvas(width: 8, height: 4)
        #expect(renderer.render(snapshot, at: 0.15, into: canvas).pixel(x: 4, y: 2).alpha == 0)
        #expect(red(renderer.render(snapshot, at: 0.25, into: canvas), layer: 0) == 50)
    }
}
