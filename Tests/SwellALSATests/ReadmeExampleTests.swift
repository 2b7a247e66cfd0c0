import Foundation
import ALSATestSupport
import TestSupport
import Testing
@testable import SwellALSA
@testable import SwellSndFile

/// The README's "library in 20 lines", run against the test capture PCM
/// instead of a sound card, with the played samples checked against the
/// closed-form envelope: an easeIn fade over 3 s (Apple's control points
/// (0.42, 0), (1, 1), solved here by bisection) and an additive keyframe dip
/// of −0.5 between 5 s and 6 s.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExamplePlaysWhatItSays() throws {
        let alsa = try ALSATestConfiguration()
        let file = try alsa.constantSoundFile("song.wav", seconds: 8, level: 0.5)
        let frames = 8 * 48_000

        // The README's code, with the file and device replaced.
        let music = try AudioLayer(contentsOfFile: file)
        music.volume = 0
        let bus = BusLayer()
        bus.addSublayer(music)

        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, mode: .live)
        engine.rootLayer = bus

        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        music.volume = 1
        CATransaction.commit()

        let dip = CAKeyframeAnimation(keyPath: AudioKey.volume)
        dip.values = [0, -0.5, 0]; dip.isAdditive = true; dip.duration = 1; dip.beginTime = 5
        music.add(dip, forKey: "dip")

        let output = try AudioOutput(engine: engine, device: ALSATestConfiguration.capturePCM, configuration: alsa.load())
        try output.start()
        try output.run { engine.sourcesHaveEnded }
        try output.stop(drain: true)

        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= frames * 2)
        func gain(atFrame n: Int) -> Double { captured[2 * n] / 0.5 }
        func easeIn(_ x: Double) -> Double {
            var low = 0.0, high = 1.0
            for _ in 0..<100 {
                let t = (low + high) / 2
                let bx = 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t + t * t * t
                if bx < x { low = t } else { high = t }
            }
            let t = (low + high) / 2
            return 3 * (1 - t) * t * t + t * t * t
        }
        func expected(atFrame n: Int) -> Double {
            let t = Double(n) / 48_000
            var volume = t < 3 ? easeIn(t / 3) : 1
            if t >= 5 && t < 6 { volume += t < 5.5 ? -(t - 5) : -(6 - t) }
            return volume
        }
        for n in stride(from: 0, to: frames, by: 997) {
            #expect(Swift.abs(gain(atFrame: n) - expected(atFrame: n)) < 1e-6, "frame \(n)")
        }
    }
}
