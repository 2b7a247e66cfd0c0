import Foundation
import SwellCore

/// What stands in for a window: a hosted root layer on a manual clock, the
/// `view.layer` of Apple's snippets.
final class PortingStage {
    let clock = ManualClock()
    let host: HeadlessHost
    let view = CALayer()

    init() {
        host = HeadlessHost(clock: clock)
        view.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        host.rootLayer = view
    }

    /// Moves the clock to `time` and runs the host's life cycle there.
    func run(to time: CFTimeInterval) {
        clock.set(time)
        host.tick()
    }
}
