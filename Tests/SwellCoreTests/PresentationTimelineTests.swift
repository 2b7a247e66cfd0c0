import Foundation
import Testing
@testable import SwellCore

/// A host whose owning thread commits ahead of its clock — as an audio
/// engine commits at the next frame not yet rendered, a buffer ahead of
/// what is heard — presents, on every thread, the snapshot in effect at the
/// clock's time: Core Animation shows a transaction from its commit on,
/// never before.
@Suite("presentation: the snapshot in effect at the host's time")
struct PresentationTimelineTests {
    @Test("a change committed at 1 s is presented from 1 s, by presentation() and by the reader")
    func committedAhead() throws {
        let clock = ManualClock()
        let layer = CALayer()
        let host = HeadlessHost(rootLayer: layer, clock: clock)
        let reader = host.presentationReader
        host.withTime(1) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.25
            CATransaction.commit()
        }
        func presented() throws -> (owner: Float, reader: Float) {
            let owner = try #require(layer.presentation()).opacity
            let read = try #require(reader.value(ofLayer: layer.serial, keyPath: "opacity") as? Float)
            return (owner, read)
        }
        #expect(layer.opacity == 0.25, "the model changes at once")
        clock.set(0.5)
        #expect(try presented() == (1, 1))
        clock.set(1)
        #expect(try presented() == (0.25, 0.25))
        // An implicit animation committed ahead begins at its commit time.
        host.withTime(2) {
            layer.opacity = 0.75
            CATransaction.flush()
        }
        clock.set(1.9)
        #expect(try presented() == (0.25, 0.25))
        clock.set(2 + CATransaction.defaultAnimationDuration / 2)
        #expect(try presented() == (0.5, 0.5))
    }
}
