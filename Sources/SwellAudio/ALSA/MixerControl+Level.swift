import CALSA
import Glibc

extension MixerControl {
    /// Sets every channel's playback volume to `amplitude` (linear: 1 is
    /// 0 dB, 0.5 is −6.02 dB) and returns whether anything was written.
    ///
    /// **With dB data** the control is set in decibels, so that a linear
    /// ramp of dB — what a perceptually even fade is — moves the control by
    /// even steps: Swell asks for 20·log10(`amplitude`) dB, in ALSA's
    /// hundredths of a dB rounded to nearest, clamped to ``decibelRange``,
    /// with `snd_mixer_selem_set_playback_dB_all`. Amplitude 0 asks for the
    /// bottom of the range: the mute step when the control's minimum mutes,
    /// otherwise its lowest dB.
    ///
    /// **Without dB data** the raw steps are taken as linear in amplitude:
    /// `min + round(amplitude · (max − min))`, with `amplitude` clamped to
    /// [0, 1], set with `snd_mixer_selem_set_playback_volume_all`.
    ///
    /// **Rounding.** A control has whole steps only. Swell rounds to the
    /// nearest step (`dir = 0` in ALSA's dB calls) — in dB for the usual
    /// `DB_SCALE` / `DB_MINMAX` data, in amplitude for `DB_LINEAR` — so a
    /// ramp stays within half a step of its curve, biased neither up nor
    /// down. One exception: a nonzero amplitude never rounds to a mute step;
    /// requests below the lowest audible step get that step, so a fade-in
    /// is heard from its first nonzero value and a fade-out mutes only at 0.
    ///
    /// **Writes.** Both channels are set in one call. The call is skipped,
    /// and false returned, when the step it would set equals the step this
    /// control last wrote — so a display link can call it every frame while
    /// the device sees only real changes. (alsa-lib's `_all` setters still
    /// write the card's control once per channel that changes.)
    ///
    /// - Throws: ``ALSAError/invalidLevel(_:)`` for a NaN, infinite or
    ///   negative amplitude, before anything is written;
    ///   ``ALSAError/mixerControlHasNoPlaybackVolume(device:control:)``;
    ///   ``ALSAError/deviceFailed(device:operation:code:)``.
    @discardableResult
    public func setLevel(amplitude: Double) throws(ALSAError) -> Bool {
        guard amplitude.isFinite, amplitude >= 0 else { throw .invalidLevel(amplitude) }
        try requirePlaybackVolume()
        return try withMixer { (lastWritten: inout Int?) throws(ALSAError) -> Bool in
            let write: (step: Int, apply: () -> Int32)
            if let centibelRange {
                let centibels = requestedCentibels(for: amplitude, in: centibelRange)
                var step = 0
                let asked = snd_mixer_selem_ask_playback_dB_vol(element, centibels, 0, &step)
                guard asked >= 0 else {
                    throw .deviceFailed(device: device, operation: "converting dB for '\(id)'", code: asked)
                }
                write = (step, { snd_mixer_selem_set_playback_dB_all(self.element, centibels, 0) })
            } else {
                let step = rawStep(for: amplitude)
                write = (step, { snd_mixer_selem_set_playback_volume_all(self.element, step) })
            }
            guard write.step != lastWritten else { return false }
            let code = write.apply()
            guard code >= 0 else { throw .deviceFailed(device: device, operation: "setting '\(id)'", code: code) }
            lastWritten = write.step
            return true
        }
    }

    /// The dB value, in hundredths, to ask for `amplitude`.
    private func requestedCentibels(for amplitude: Double, in range: ClosedRange<Int>) -> Int {
        if amplitude == 0 { return range.lowerBound }
        let wanted = (2000 * log10(amplitude)).rounded()
        let lowest = Double(lowestAudibleCentibels(in: range))
        return Int(min(max(wanted, lowest), Double(range.upperBound)))
    }

    /// The dB of the lowest step that does not mute: the range's minimum,
    /// or the step above it when the minimum is the mute value.
    private func lowestAudibleCentibels(in range: ClosedRange<Int>) -> Int {
        guard range.lowerBound <= Int(SND_CTL_TLV_DB_GAIN_MUTE),
              volumeRange.upperBound > volumeRange.lowerBound else { return range.lowerBound }
        var centibels = 0
        guard snd_mixer_selem_ask_playback_vol_dB(element, volumeRange.lowerBound + 1, &centibels) >= 0 else {
            return range.lowerBound
        }
        return centibels
    }

    private func rawStep(for amplitude: Double) -> Int {
        let span = Double(volumeRange.upperBound - volumeRange.lowerBound)
        return volumeRange.lowerBound + Int((min(amplitude, 1) * span).rounded())
    }
}
