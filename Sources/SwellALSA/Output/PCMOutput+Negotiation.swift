import CALSA
import Glibc

extension PCMOutput {
    /// The stream asked for, before ALSA has had its say.
    struct Request {
        var device: String
        var channelCount: Int
        var sampleRate: Int
        var periodSize: Int
        var bufferSize: Int

        /// Rejects requests no device could grant, before opening one.
        func validate() throws(ALSAError) {
            func reject(_ reason: String) -> ALSAError {
                .unsupportedParameters(device: device, reason: reason)
            }
            guard (1...Int(UInt16.max)).contains(channelCount) else {
                throw reject("cannot play \(channelCount) channels")
            }
            guard (1...Int(UInt32.max)).contains(sampleRate) else {
                throw reject("cannot play at \(sampleRate) Hz")
            }
            guard periodSize >= 1 else {
                throw reject("cannot use a period of \(periodSize) frames")
            }
            guard bufferSize >= periodSize else {
                throw reject("cannot use a buffer of \(bufferSize) frames, shorter than its period of \(periodSize) frames")
            }
        }
    }

    /// Opens `device` for playback.
    ///
    /// The open is non-blocking so that a busy hardware device answers
    /// `EBUSY` at once — the kernel makes a blocking open wait until the
    /// device is free — and the stream is then switched to blocking writes.
    static func open(_ device: String, configuration: ALSAConfiguration?) throws(ALSAError) -> OpaquePointer {
        _ = ALSALibrary.prepared
        var pcm: OpaquePointer?
        let code: Int32
        if let configuration {
            code = configuration.withTree { tree in
                snd_pcm_open_lconf(&pcm, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK, tree)
            }
        } else {
            code = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        }
        guard code >= 0, let pcm else { throw ALSAError.openError(device: device, code: code) }
        let blocking = snd_pcm_nonblock(pcm, 0)
        guard blocking >= 0 else {
            snd_pcm_close(pcm)
            throw .openFailed(device: device, code: blocking)
        }
        return pcm
    }

    /// Sets the hardware and software parameters of a freshly opened `pcm`
    /// and reads back what the device granted.
    ///
    /// The sequence is the one `aplay` uses (`set_params` in `aplay.c`):
    /// access, format, channels, then the nearest rate, period and buffer.
    /// So are the software parameters, `aplay`'s defaults: the stream starts
    /// once the buffer is full — playback begins with a whole buffer of
    /// margin against underruns — and the writer wakes whenever a period is
    /// free.
    static func negotiate(_ pcm: OpaquePointer, _ request: Request) throws(ALSAError) -> Parameters {
        let device = request.device
        func unsupported(_ reason: String) -> ALSAError {
            .unsupportedParameters(device: device, reason: reason)
        }

        var hwOrNil: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwOrNil) >= 0, let hw = hwOrNil else {
            throw .deviceFailed(device: device, operation: "configuring", code: -ENOMEM)
        }
        defer { snd_pcm_hw_params_free(hw) }

        var code = snd_pcm_hw_params_any(pcm, hw)
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "configuring", code: code) }

        guard snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED) >= 0 else {
            throw unsupported("does not support interleaved read/write access")
        }

        guard let format = PCMSampleFormat.allCases.first(where: {
            snd_pcm_hw_params_test_format(pcm, hw, $0.alsaFormat) == 0
        }) else {
            let names = PCMSampleFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw unsupported("takes none of the sample formats \(names)")
        }
        code = snd_pcm_hw_params_set_format(pcm, hw, format.alsaFormat)
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "configuring", code: code) }

        guard snd_pcm_hw_params_set_channels(pcm, hw, UInt32(request.channelCount)) >= 0 else {
            var low: UInt32 = 0
            var high: UInt32 = 0
            snd_pcm_hw_params_get_channels_min(hw, &low)
            snd_pcm_hw_params_get_channels_max(hw, &high)
            let supported = low == high ? "only \(low)" : "\(low)–\(high)"
            throw unsupported("does not support \(request.channelCount) channels (it supports \(supported))")
        }

        var rate = UInt32(request.sampleRate)
        var direction: Int32 = 0
        guard snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction) >= 0 else {
            throw unsupported("does not support a sample rate near \(request.sampleRate) Hz")
        }

        var period = snd_pcm_uframes_t(request.periodSize)
        guard snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction) >= 0 else {
            throw unsupported("does not support a period near \(request.periodSize) frames")
        }

        var buffer = snd_pcm_uframes_t(request.bufferSize)
        guard snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer) >= 0 else {
            throw unsupported("does not support a buffer near \(request.bufferSize) frames")
        }

        code = snd_pcm_hw_params(pcm, hw)
        guard code >= 0 else {
            throw unsupported("cannot play \(request.channelCount) channels at \(request.sampleRate) Hz "
                + "with \(request.periodSize)-frame periods: \(ALSAError.message(for: code))")
        }

        // What was granted, read back from the installed parameters.
        snd_pcm_hw_params_get_rate(hw, &rate, &direction)
        snd_pcm_hw_params_get_period_size(hw, &period, &direction)
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        var channels: UInt32 = 0
        snd_pcm_hw_params_get_channels(hw, &channels)

        // See Parameters.wakeUpSize.
        let wakeUp = snd_pcm_uframes_t(max(1, Int(buffer / period) - Self.wakeUpMarginPeriods)) * period
        try setSoftwareParameters(pcm, device: device, startThreshold: buffer, wakeUp: wakeUp)
        return Parameters(
            device: device, channelCount: Int(channels), sampleRate: Int(rate),
            periodSize: Int(period), bufferSize: Int(buffer), wakeUpSize: Int(wakeUp), sampleFormat: format)
    }

    private static func setSoftwareParameters(
        _ pcm: OpaquePointer, device: String, startThreshold: snd_pcm_uframes_t, wakeUp: snd_pcm_uframes_t
    ) throws(ALSAError) {
        var swOrNil: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&swOrNil) >= 0, let sw = swOrNil else {
            throw .deviceFailed(device: device, operation: "configuring", code: -ENOMEM)
        }
        defer { snd_pcm_sw_params_free(sw) }
        var code = snd_pcm_sw_params_current(pcm, sw)
        if code >= 0 { code = snd_pcm_sw_params_set_start_threshold(pcm, sw, startThreshold) }
        if code >= 0 { code = snd_pcm_sw_params_set_avail_min(pcm, sw, wakeUp) }
        if code >= 0 { code = snd_pcm_sw_params(pcm, sw) }
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "configuring", code: code) }
    }
}
