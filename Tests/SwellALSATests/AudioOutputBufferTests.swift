import Foundation
import ALSATestSupport
import TestSupport
import Testing
@testable import SwellALSA
@testable import SwellSndFile

/// The buffer an ``AudioOutput`` asks ALSA for: six periods on the sample
/// path, four on the display path, or what the caller names.
@Suite struct AudioOutputBufferTests {
    @Test("six periods on the sample path, four on the display path, else as asked",
          arguments: [(GainPath.sample, nil, 6 * 256), (.display, nil, 4 * 256), (.sample, 3_000, 3_000)])
    func buffer(path: GainPath, asked: Int?, expected: Int) throws {
        let alsa = try ALSATestConfiguration()
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, gainPath: path, mode: .live)
        let output = try AudioOutput(engine: engine, device: ALSATestConfiguration.capturePCM, bufferSize: asked,
                                     configuration: alsa.load())
        #expect(output.parameters.periodSize == 256)
        #expect(output.parameters.bufferSize == expected)
        // The writer wakes with two periods still queued.
        #expect(output.parameters.wakeUpSize == (expected / 256 - 2) * 256)
    }
}
