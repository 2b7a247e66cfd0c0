import Foundation
import SwellALSA
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

/// `PCMOutput` against real alsa-lib: capture PCMs record what is played
/// into files, fake devices behave like picky or real-time hardware (see
/// `ALSATestConfiguration`). No sound card is needed.
@Suite("PCMOutput")
struct PCMOutputTests {
    let alsa: ALSATestConfiguration
    let configuration: ALSAConfiguration

    init() throws {
        alsa = try ALSATestConfiguration()
        configuration = try alsa.load()
    }

    /// Plays `samples` (interleaved stereo) in the given chunk sizes, drains
    /// and closes, returning the stream's parameters and underrun count.
    private func play(
        _ samples: [Float], on pcm: String, chunks: [Int]
    ) throws -> (parameters: PCMOutput.Parameters, xruns: Int) {
        let output = try PCMOutput(device: pcm, channelCount: 2, sampleRate: 48_000, configuration: configuration)
        var frame = 0
        try samples.withUnsafeBufferPointer { buffer in
            for chunk in chunks {
                try output.write(buffer.baseAddress! + 2 * frame, frames: chunk)
                frame += chunk
            }
        }
        #expect(frame * 2 == samples.count, "the chunks must cover the signal")
        try output.drain()
        output.close()
        return (output.parameters, output.xrunCount)
    }

    @Test("float samples reach a plug PCM unchanged, every one of them")
    func floatThroughPlug() throws {
        // 10,000 frames in chunks smaller than a period, larger than the
        // whole buffer, and odd-sized: the scratch buffer is reused.
        let signal = TestSignal.sines(frequencies: [440, 661], amplitude: 0.9, sampleRate: 48_000, frames: 10_000)
        let (parameters, xruns) = try play(signal, on: ALSATestConfiguration.capturePCM, chunks: [100, 3_000, 1, 6_899])

        // A plug in front of a file and null takes whatever is asked.
        #expect(parameters.device == ALSATestConfiguration.capturePCM)
        #expect(parameters.channelCount == 2)
        #expect(parameters.sampleRate == 48_000)
        #expect(parameters.periodSize == 256)
        #expect(parameters.bufferSize == PCMOutput.defaultPeriodsPerBuffer * 256)
        #expect(parameters.wakeUpSize == (PCMOutput.defaultPeriodsPerBuffer - 2) * 256)
        #expect(parameters.sampleFormat == .float32)
        #expect(xruns == 0)

        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count == signal.count)
        // ALSA converts float to S32 by scaling by 2^31 and truncating, so
        // every sample comes back within 2^−31 of the float played.
        let worst = zip(captured, signal).map { abs($0 - Double($1)) }.max() ?? .infinity
        #expect(worst <= 1e-9)
    }

    @Test("in float output NaN becomes silence and infinities full scale; finite samples pass to ALSA")
    func nonFiniteFloats() throws {
        let (parameters, _) = try play(edgeCases, on: ALSATestConfiguration.capturePCM, chunks: [edgeCases.count / 2])
        #expect(parameters.sampleFormat == .float32)
        // What reaches ALSA, converted as ALSA's plug converts float to S32
        // (`get32f` in plugin_ops.h): ≥ 1 clips to 2^31 − 1, ≤ −1 to −2^31,
        // the rest is scaled by 2^31 and truncated.
        let reachingALSA: [Float] = edgeCases.map { $0.isNaN ? 0 : $0.isInfinite ? ($0 > 0 ? 1 : -1) : $0 }
        let expected = reachingALSA.map { sample -> Double in
            if sample >= 1 { return 2_147_483_647 / 2_147_483_648 }
            if sample <= -1 { return -1 }
            return (Double(sample) * 2_147_483_648).rounded(.towardZero) / 2_147_483_648
        }
        #expect(try alsa.captured(by: ALSATestConfiguration.capturePCM) == expected)
    }

    @Test("a device without float gets S32_LE, clamped, rounded and NaN-free")
    func integerFallback() throws {
        let signal = edgeCases + TestSignal.ramp(from: -1.5, to: 1.5, count: 4_000)
        let (parameters, xruns) = try play(signal, on: ALSATestConfiguration.integerCapturePCM, chunks: [signal.count / 2])
        #expect(parameters.sampleFormat == .signed32)
        #expect(xruns == 0)

        let captured = try alsa.captured(by: ALSATestConfiguration.integerCapturePCM)
        #expect(captured == signal.map { expectedWord($0, bits: 32) })
    }

    @Test("a device that takes only S16_LE gets 16-bit words, clamped and rounded")
    func sixteenBitFallback() throws {
        let signal = edgeCases + TestSignal.ramp(from: -1.2, to: 1.2, count: 3_000)
        let (parameters, _) = try play(signal, on: ALSATestConfiguration.s16PCM, chunks: [signal.count / 2])
        #expect(parameters.sampleFormat == .signed16)

        let captured = try alsa.captured(by: ALSATestConfiguration.s16PCM)
        #expect(captured == signal.map { expectedWord($0, bits: 16) })
    }

    /// Stereo frames of the values a converter must not get wrong.
    private let edgeCases: [Float] = [
        .nan, -.nan, .infinity, -.infinity, 1, -1, 0, -0.0,
        1.0000001, -1.0000001, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        Float(0.5).nextUp, 1 / 65_536, -1 / 65_536, .leastNonzeroMagnitude,
    ]

    /// The B-bit word for `sample`, normalised, from the definition: NaN is
    /// 0, the sample is clamped to [−1, 1], scaled by 2^(B−1), rounded to
    /// nearest (ties to even) and clipped to 2^(B−1) − 1.
    private func expectedWord(_ sample: Float, bits: Int) -> Double {
        let scale = pow(2, Double(bits - 1))
        guard !sample.isNaN else { return 0 }
        let word = min((min(max(Double(sample), -1), 1) * scale).rounded(.toNearestOrEven), scale - 1)
        return word / scale
    }

    @Test("the granted rate is read back when the device cannot do the one asked")
    func rateReadBack() throws {
        // The fake device plays 48 kHz only; ALSA picks the nearest rate.
        let output = try PCMOutput(
            device: ALSATestConfiguration.s16PCM, channelCount: 2, sampleRate: 44_100,
            periodSize: 441, bufferSize: 1_764, configuration: configuration)
        #expect(output.parameters.sampleRate == 48_000)
        #expect(output.parameters.periodSize > 0)
        #expect(output.parameters.bufferSize >= output.parameters.periodSize)
    }

    @Test("an unsupported channel count is one clear error")
    func unsupportedChannels() throws {
        #expect {
            try PCMOutput(device: ALSATestConfiguration.s16PCM, channelCount: 6, sampleRate: 48_000, configuration: configuration)
        } throws: { error in
            (error as? ALSAError)?.description == "audio device 'swell_s16' does not support 6 channels (it supports only 2)"
        }
    }

    @Test("impossible requests are rejected before a device is opened", arguments: [
        (0, 48_000, 256, "audio device 'swell_capture' cannot play 0 channels"),
        (2, 0, 256, "audio device 'swell_capture' cannot play at 0 Hz"),
        (2, 48_000, 0, "audio device 'swell_capture' cannot use a period of 0 frames"),
    ])
    func invalidRequests(channels: Int, rate: Int, period: Int, message: String) throws {
        #expect {
            try PCMOutput(
                device: ALSATestConfiguration.capturePCM, channelCount: channels, sampleRate: rate,
                periodSize: period, configuration: configuration)
        } throws: { error in
            (error as? ALSAError)?.description == message
        }
    }

    @Test("a missing card is 'No such device', in the global and an explicit configuration")
    func missingDevice() throws {
        #expect(throws: ALSAError.deviceNotFound(device: "hw:9")) {
            try PCMOutput(device: "hw:9", channelCount: 2, sampleRate: 48_000)
        }
        #expect(ALSAError.deviceNotFound(device: "hw:9").description == "cannot open audio device 'hw:9': No such device")
        #expect(throws: ALSAError.deviceNotFound(device: "nonexistent")) {
            try PCMOutput(device: "nonexistent", channelCount: 2, sampleRate: 48_000, configuration: configuration)
        }
    }

    @Test("a device held by another client is reported busy, and free again after close")
    func busyDevice() throws {
        let first = try PCMOutput(
            device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000, configuration: configuration)
        #expect {
            try PCMOutput(device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000, configuration: configuration)
        } throws: { error in
            (error as? ALSAError)?.description == "audio device 'swell_realtime' is busy (another program is using it)"
        }
        first.close()
        _ = try PCMOutput(
            device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000, configuration: configuration)
    }

    @Test("an underrun is recovered, counted, and the write still lands")
    func underrunRecovery() throws {
        let output = try PCMOutput(
            device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000,
            periodSize: 256, bufferSize: 1_024, configuration: configuration)
        let first = TestSignal.ramp(from: -0.5, to: 0.5, count: 2 * 1_024)
        let second = TestSignal.ramp(from: 0.25, to: -0.25, count: 2 * 512)
        try first.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 1_024) }
        // A full buffer lasts 1024 / 48000 s ≈ 21 ms; starve it for 100 ms.
        Thread.sleep(forTimeInterval: 0.1)
        try second.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 512) }
        #expect(output.xrunCount == 1)
        try output.drain()
        output.close()

        let captured = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
        #expect(captured == (first + second).map { expectedWord($0, bits: 32) })
    }

    /// A stereo 48 kHz stream of 1,024-frame periods on the test device
    /// that plays in real time.
    private func realtimeOutput(bufferSize: Int) throws -> PCMOutput {
        try PCMOutput(device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000,
                      periodSize: 1_024, bufferSize: bufferSize, configuration: configuration)
    }

    @Test("delay() counts the frames queued on a device that plays in real time")
    func delayOnRealtimeDevice() throws {
        let output = try realtimeOutput(bufferSize: 4_096)
        #expect(try output.delay() == 0)
        let silence = [Float](repeating: 0, count: 2 * 4_096)
        // A full buffer starts the stream; the device then drains it at
        // 48 frames per millisecond.
        let started = Date()
        try silence.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 4_096) }
        let delay = try output.delay()
        let elapsed = Date().timeIntervalSince(started)
        let playedAtMost = Int((elapsed * 48_000).rounded(.up)) + 1
        #expect(delay <= 4_096)
        #expect(delay >= 4_096 - playedAtMost)

        try output.drop()
        #expect(try output.delay() == 0)
        #expect(output.xrunCount == 0)
    }

    @Test("waitForRoom returns at once while there is room, else once the device has played enough")
    func waitForRoomOnRealtimeDevice() throws {
        let output = try realtimeOutput(bufferSize: 6_144)
        let silence = [Float](repeating: 0, count: 2 * 6_144)
        var started = Date()
        try output.waitForRoom(frames: 2_048)
        #expect(Date().timeIntervalSince(started) < 0.02, "an empty buffer has room")
        // A full buffer starts the stream; room for two periods comes when
        // the device has played 2,048 frames (43 ms at 48 kHz).
        try silence.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 6_144) }
        started = Date()
        try output.waitForRoom(frames: 2_048)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 2_048.0 / 48_000 - 0.002, "woke after \(waited) s")
        #expect(try output.delay() <= 6_144 - 2_048)
        try output.drop()
        #expect(output.xrunCount == 0)
    }

    @Test("blocking writes from a render thread keep pace with the device, without underruns")
    func renderThreadPacing() throws {
        let output = try realtimeOutput(bufferSize: 8_192)
        let period = [Float](repeating: 0.25, count: 2 * 1_024)
        let periods = 24
        let failures = Locked<[ALSAError]>([])
        let started = Date()
        let thread = try RenderThread {
            period.withUnsafeBufferPointer { buffer in
                for _ in 0..<periods {
                    do throws(ALSAError) {
                        try output.write(buffer.baseAddress!, frames: 1_024)
                    } catch {
                        failures.withLock { $0.append(error) }
                    }
                }
            }
        }
        thread.join()
        let elapsed = Date().timeIntervalSince(started)
        #expect(failures.withLock { $0 }.isEmpty)
        // Everything beyond one buffer must wait for the device to play it.
        #expect(elapsed >= Double(periods * 1_024 - 8_192) / 48_000)
        #expect(output.xrunCount == 0)
        try output.drain()
        output.close()
        #expect(try alsa.captured(by: ALSATestConfiguration.realtimePCM).count == periods * 1_024 * 2)
    }

    @Test("a closed stream says so")
    func closedStream() throws {
        let output = try PCMOutput(
            device: ALSATestConfiguration.capturePCM, channelCount: 2, sampleRate: 48_000, configuration: configuration)
        output.close()
        output.close()
        let frame: [Float] = [0, 0]
        #expect(throws: ALSAError.closed(device: "swell_capture")) {
            try frame.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 1) }
        }
        #expect(throws: ALSAError.closed(device: "swell_capture")) { try output.delay() }
    }

    @Test("aplay, the peer, records the same samples through the test configuration")
    func aplayThroughTheTestConfiguration() throws {
        let signal = TestSignal.sines(frequencies: [1_000, 1_500], amplitude: 0.7, sampleRate: 48_000, frames: 4_800)
        let input = alsa.directory.appendingPathComponent("input.f32")
        try SoundFileFixtures.writeRawFloat(signal, to: input.path)
        try Subprocess.run(
            "aplay", ["-q", "-D", ALSATestConfiguration.capturePCM, "-t", "raw", "-f", "FLOAT_LE",
                      "-r", "48000", "-c", "2", input.path],
            environment: alsa.environment).requireSuccess()
        // aplay pads its last chunk with silence to a whole period.
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= signal.count)
        #expect((zip(captured, signal).map { abs($0 - Double($1)) }.max() ?? .infinity) <= 1e-9)
        #expect(captured.dropFirst(signal.count).allSatisfy { $0 == 0 })
    }
}
