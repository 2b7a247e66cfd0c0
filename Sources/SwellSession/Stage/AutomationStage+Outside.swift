import SwellPulse

/// What a stage changes outside the process — cards' controls, OSC
/// addresses, other programs' volumes — on its session's owning thread,
/// for `play` and `mixer` alike (docs/streams.md).
extension AutomationStage {
    /// The stage's layers of class `Layer`, in the order they were made.
    public func layers<Layer>(as type: Layer.Type) -> [Layer] {
        layerNames.compactMap { layers[$0] as? Layer }
    }

    /// One turn, at host time `time`: stream and sink layers look for their
    /// streams again and catch up with their presented volume; returns the
    /// first failure of a layer that writes out, which ends the session.
    public func serviceOutputs(at time: Double) -> (any Error)? {
        for layer in layers(as: ServerVolumeLayer.self) { layer.refresh(at: time) }
        return layers(as: (any OutputLayer).self).lazy.compactMap(\.outputFailure).first
    }

    /// Puts back the volume each stream had when the stage first met it
    /// (Ctrl-C, `--restore`, `swell ctl stop --restore`).
    public func restoreOutside() {
        for layer in layers(as: ServerVolumeLayer.self) { layer.restore() }
    }
}
