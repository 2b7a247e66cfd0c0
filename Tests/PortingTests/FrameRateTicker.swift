import Foundation
import SwellCore
import Testing

// A display-link ticker at a preferred frame-rate range, stopping after a
// second. Edit: `CADisplayLink(target:selector:)` becomes
// `CADisplayLink(host:target:action:)`, the method without `@objc`.

final class Ticker {
    var link: CADisplayLink?
    var frames: [CFTimeInterval] = []

    func start(on host: RenderHost) {
        let link = CADisplayLink(host: host, target: self, action: Ticker.step)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 30)
        self.link = link
    }

    func step(_ link: CADisplayLink) {
        frames.append(link.timestamp)
        if link.timestamp >= 1 { link.invalidate() }
    }
}

@Test func aTickerRunsAtItsPreferredRate() throws {
    let stage = PortingStage()
    let ticker = Ticker()
    ticker.start(on: stage.host)
    let link = try #require(ticker.link)
    for _ in 0..<40 { link.step() }
    // Frames k/30 s, from 0 to the first at or after 1 s (frame 30).
    #expect(ticker.frames == (0...30).map { Double($0) / 30 })
}
