import Foundation
import SwellSndFile

extension AutomationStage {
    /// The layer whose gain a progress line shows: the first audio layer
    /// playing the input, else the first audio layer.
    public var monitoredLayer: AudioLayer? {
        inputLayers.first ?? layerNames.lazy.compactMap { self.layers[$0] as? AudioLayer }.first
    }

    /// The file heard at host time `time`: the input layer whose time has
    /// begun last — over a crossfade, the one fading in — else the
    /// ``monitoredLayer``. MPRIS's track, and what a seek moves.
    public func playingLayer(at time: CFTimeInterval) -> AudioLayer? {
        inputLayers.last { $0.convertTime(time, from: nil) >= 0 } ?? monitoredLayer
    }

    /// Where `layer`'s file is at host time `time`, in seconds: the
    /// layer's local time (docs/audio.md#time-drives-the-media), kept
    /// between the file's start and its end. For the ``playingLayer(at:)``,
    /// MPRIS's `Position` and the `status` request's `position`.
    public func position(of layer: AudioLayer, at time: CFTimeInterval) -> Double {
        position(layer.convertTime(time, from: nil), within: layer)
    }

    /// `seconds` kept between the start and the end of `layer`'s file: a
    /// place in it, as a seek moves to.
    public func position(_ seconds: Double, within layer: AudioLayer) -> Double {
        max(0, min(seconds, layer.source?.duration ?? .infinity))
    }

    /// Moves the tree so that `layer`'s local time at host time `time` is
    /// `position`, as seeking a movie moves it: the root layer's
    /// `timeOffset` takes the difference, so every layer's time — its file's
    /// position (docs/audio.md#time-drives-the-media) and its animations,
    /// the fades and ramps — moves together (CAMediaTiming: local time is
    /// `(parent time − beginTime) × speed + timeOffset`). A paused root
    /// (QA1673: `speed` 0, `timeOffset` the time it holds) holds the new
    /// time, and resumes from it. Events scheduled at host times stay
    /// where they are (docs/control.md#seeking).
    public func seek(_ layer: CALayer, to position: Double, at time: CFTimeInterval) {
        root.timeOffset += position - layer.convertTime(time, from: nil)
        seeks = (seeks.count + 1, position)
        loopDidSeek()
    }
}
