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
    /// **Writes.** Every channel is set in one write of the card's control
    /// (`snd_ctl_elem_write` of "Master Playback Volume" with all its
    /// values), as docs/audio.md#mixerlayer says; alsa-lib's simple-mixer
    /// `_all` setters, used only when the element does not map onto one such
    /// control, would write it once per channel and rewrite the switch too.
    /// The write is skipped, and false returned, when the step it would set
    /// equals the step this control last wrote — so a display link can call
    /// it every frame while the device sees only real changes.
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
            let step: Int
            if let centibelRange {
                let centibels = requestedCentibels(for: amplitude, in: centibelRange)
                var asked = 0
                let code = snd_mixer_selem_ask_playback_dB_vol(element, centibels, 0, &asked)
                guard code >= 0 else {
                    throw .deviceFailed(device: device, operation: "converting dB for '\(id)'", code: code)
                }
                step = asked
            } else {
                step = rawStep(for: amplitude)
            }
            guard step != lastWritten else { return false }
            let code = volumeControl.map { mixer.write(step, toEveryValueOf: $0, count: channelIDs.count) }
                ?? snd_mixer_selem_set_playback_volume_all(element, step)
            guard code >= 0 else { throw .deviceFailed(device: device, operation: "setting '\(id)'", code: code) }
            lastWritten = step
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
