import Foundation
import SwellAudio
import Testing

@Suite("WakeupSignal")
struct WakeupSignalTests {
    @Test("a timed wait ends at its timeout, or at once for a signal already sent")
    func timedWait() {
        let signal = WakeupSignal()
        var started = Date()
        signal.wait(timeout: .milliseconds(30))
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.029, "returned after \(waited) s")

        signal.signal()
        started = Date()
        signal.wait(timeout: .seconds(10))
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test("a timed wait wakes when another thread signals")
    func signalFromAnotherThread() throws {
        let signal = WakeupSignal()
        let started = Date()
        let thread = try RenderThread(priority: nil) {
            usleep(20_000)
            signal.signal()
        }
        signal.wait(timeout: .seconds(10))
        let waited = Date().timeIntervalSince(started)
        thread.join()
        #expect(waited >= 0.019 && waited < 5, "woke after \(waited) s")
    }
}
