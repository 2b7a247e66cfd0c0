import Foundation
import TestSupport
import SwellALSA

/// A self-contained ALSA configuration in a temporary directory: capture
/// PCMs that record exactly what is played into raw files, fake playback
/// devices with the restrictions of real hardware, and fake sound-card
/// mixers whose state and write log are files.
///
/// Use it in-process through ``load()`` — `PCMOutput(…, configuration:)` and
/// `MixerControl(…, configuration:)` open devices from it without touching
/// the process environment — and for subprocesses through ``environment``,
/// which sets `ALSA_CONFIG_PATH`. That variable replaces ALSA's whole default
/// configuration (`alsa.conf` and everything it includes), so the file
/// defines everything it uses: `pcm.null`, `pcm.!default`, `ctl.!default`
/// and the plugin libraries.
///
/// The directory is removed when the configuration is deinitialised.
public final class ALSATestConfiguration: Sendable {
    /// A `plug` PCM converting anything to S32_LE for a `file` plugin
    /// (raw output) whose slave is `null`: what is played is recorded
    /// exactly, float input included (ALSA's float→S32 conversion is exact
    /// up to truncation below 2^−31).
    public static let capturePCM = "swell_capture"
    /// A `linear` PCM in front of an S32_LE file: it takes integer formats
    /// only, so float output must be converted by the client.
    public static let integerCapturePCM = "swell_capture_int"
    /// A fake device that takes only S16_LE, 2 channels, 48 kHz.
    public static let s16PCM = "swell_s16"
    /// A fake device (S32_LE, 2 channels, 48 kHz) that plays in real time,
    /// underruns when starved, and serves one client at a time.
    public static let realtimePCM = "swell_realtime"
    /// A fake mixer: Master (2 channels, dB data −60…0 dB in 0.5 dB steps),
    /// Master switch, PCM (raw 0…255, no dB data). `default` is this mixer.
    public static let mixerDevice = "swell_mixer"
    /// The same fake mixer, but Master's lowest step mutes.
    public static let muteMixerDevice = "swell_mixer_mute"

    /// The sample format each PCM records into its capture file.
    public static let captureFormats: [String: PCMSampleFormat] = [
        capturePCM: .signed32, integerCapturePCM: .signed32, s16PCM: .signed16, realtimePCM: .signed32,
    ]

    /// The directory holding the configuration and every file it names.
    public let directory: URL
    /// The configuration file.
    public let file: URL

    /// Writes the configuration, building the fake plugins first if this
    /// process has not yet.
    public init() throws {
        let libraries = try FakePlugins.libraries.get()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swell-alsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("asound.conf")
        try text(controlPlugin: libraries.control, pcmPlugin: libraries.pcm)
            .write(to: file, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The configuration parsed for in-process use.
    public func load() throws -> ALSAConfiguration {
        try ALSAConfiguration(contentsOf: file.path)
    }

    /// Environment variables for a subprocess that should see this
    /// configuration as ALSA's global one.
    public var environment: [String: String] {
        ["ALSA_CONFIG_PATH": file.path]
    }

    /// The raw file a PCM records into.
    public func captureFile(of pcm: String) -> URL {
        directory.appendingPathComponent("\(pcm).raw")
    }

    /// Everything `pcm` has recorded, as samples scaled to [−1, 1).
    public func captured(by pcm: String) throws -> [Double] {
        guard let format = Self.captureFormats[pcm] else {
            throw TestSupportError("\(pcm) is not a capture PCM of the test configuration")
        }
        return try RawAudio.read(captureFile(of: pcm), format: format)
    }

    /// The file a fake mixer keeps its control values in.
    public func stateFile(of mixer: String) -> URL {
        directory.appendingPathComponent("\(mixer).state")
    }

    /// Every write the fake mixer has received, oldest first.
    public func mixerWrites(on mixer: String) throws -> [MixerWrite] {
        try MixerWrite.log(at: directory.appendingPathComponent("\(mixer).log"))
    }

    private func text(controlPlugin: URL, pcmPlugin: URL) -> String {
        func capture(_ pcm: String) -> String { "\"\(captureFile(of: pcm).path)\"" }
        func path(_ name: String) -> String { "\"\(directory.appendingPathComponent(name).path)\"" }
        let mixer = Self.mixerDevice
        let muteMixer = Self.muteMixerDevice
        return """
            # Swell's ALSA test configuration (ALSATestSupport). Self-contained:
            # with ALSA_CONFIG_PATH it replaces alsa.conf, so all it uses is here.

            pcm_type.swell_fake { lib "\(pcmPlugin.path)" }
            ctl_type.swell_fake { lib "\(controlPlugin.path)" }

            pcm.null {
                type null
                hint.description "Discard all samples"
            }

            pcm.\(Self.capturePCM) {
                type plug
                slave {
                    pcm {
                        type file
                        file \(capture(Self.capturePCM))
                        format "raw"
                        slave.pcm { type null }
                    }
                    format S32_LE
                }
                hint.description "Swell test capture (any format, recorded as S32_LE)"
            }

            pcm.\(Self.integerCapturePCM) {
                type linear
                slave {
                    pcm {
                        type file
                        file \(capture(Self.integerCapturePCM))
                        format "raw"
                        slave.pcm { type null }
                    }
                    format S32_LE
                }
                hint.description "Swell test capture (integer formats only, recorded as S32_LE)"
            }

            pcm.\(Self.s16PCM) {
                type swell_fake
                format "S16_LE"
                channels 2
                rate 48000
                file \(capture(Self.s16PCM))
                hint.description "Swell fake device (S16_LE, 2 channels, 48000 Hz only)"
            }

            pcm.\(Self.realtimePCM) {
                type swell_fake
                format "S32_LE"
                channels 2
                rate 48000
                file \(capture(Self.realtimePCM))
                lock \(path("\(Self.realtimePCM).lock"))
                realtime true
                hint.description "Swell fake device (real time, exclusive)"
            }

            pcm.!default {
                type plug
                slave.pcm "\(Self.capturePCM)"
                hint.description "Default: the Swell test capture"
            }

            ctl.\(mixer) {
                type swell_fake
                state \(path("\(mixer).state"))
                log \(path("\(mixer).log"))
            }

            ctl.\(muteMixer) {
                type swell_fake
                state \(path("\(muteMixer).state"))
                log \(path("\(muteMixer).log"))
                mute_at_minimum true
            }

            ctl.!default "\(mixer)"

            """
    }
}
