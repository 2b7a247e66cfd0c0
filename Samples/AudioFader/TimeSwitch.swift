import SwellAudio

/// Where a play or pause took effect, in host time.
///
/// QA1673's pause and resume stamp the layer's timing with the transaction's
/// commit time, which the audio engine takes as the next frame it has not
/// rendered — read when `pause()` or `resume()` runs, not when the key
/// arrived. The render thread may render on in between (at start-up it fills
/// the device's buffer in one burst), so the key's frame is found from the
/// timing the layer was given: the pause holds local time `timeOffset` at
/// speed 0, and the running time-line on the other side of the switch —
/// the one before a pause, the one after a resume — reaches that local time
/// at the switch.
struct TimeSwitch {
    /// The layer's running time-line as host time = `origin + slope ×
    /// local time`, or nil while paused.
    private let running: (origin: CFTimeInterval, slope: Double)?
    /// The local time a paused layer holds.
    private let held: CFTimeInterval

    /// Notes the layer's timing before the switch.
    init(before layer: CALayer) {
        held = layer.timeOffset
        if layer.isPaused {
            running = nil
        } else {
            let origin = layer.convertTime(0, to: nil)
            running = (origin, layer.convertTime(1, to: nil) - origin)
        }
    }

    /// The host time of the switch, from the layer's timing after it.
    func hostTime(after layer: CALayer) -> CFTimeInterval {
        if let running {
            // Paused now: the old time-line reached the held time at the switch.
            return running.origin + running.slope * layer.timeOffset
        }
        // Running now: the new time-line leaves the time held before.
        return layer.convertTime(held, to: nil)
    }
}
