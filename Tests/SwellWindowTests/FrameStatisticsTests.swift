import Testing
import SwellWindow

/// A frame is late when more than 1.5 refresh intervals follow the one
/// before: a refresh showed the previous frame again.
@Suite("FrameStatistics: frames shown, late frames, the worst interval")
struct FrameStatisticsTests {
    @Test("a steady 60 Hz: no frame late, the worst interval one refresh")
    func steady() {
        var statistics = FrameStatistics(refreshInterval: 1.0 / 60)
        for k in 0..<600 { statistics.noteFrameShown(at: 100 + Double(k) / 60) }
        #expect(statistics.framesShown == 600)
        #expect(statistics.lateFrames == 0)
        #expect(abs(statistics.worstInterval - 1.0 / 60) < 1e-9)
        #expect(abs(statistics.span - 599.0 / 60) < 1e-9)
    }

    @Test("a refresh missed once and a jitter below half a refresh: one late frame")
    func oneMissed() {
        var statistics = FrameStatistics(refreshInterval: 1.0 / 60)
        // Frames at refreshes 0, 1, 2, 4 (3 missed), 5, and one 1.4 refreshes after.
        for time in [0.0, 1, 2, 4, 5, 6.4].map({ $0 / 60 }) { statistics.noteFrameShown(at: time) }
        #expect(statistics.framesShown == 6)
        #expect(statistics.lateFrames == 1)
        #expect(abs(statistics.worstInterval - 2.0 / 60) < 1e-9)
    }
}
