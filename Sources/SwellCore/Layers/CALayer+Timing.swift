import Foundation

/// The layer's place in the timing hierarchy.
///
/// A layer maps its superlayer's time into its own with the same
/// ``MediaTiming`` arithmetic as an animation; its duration is 0, which makes
/// its active duration unbounded. Every animation on a layer runs in the
/// layer's local time, so a layer's `speed`, `timeOffset` and `beginTime`
/// retime every animation below it — set `speed = 0` to pause a subtree.
/// These properties retime; they never animate.
extension CALayer {
    public var beginTime: CFTimeInterval {
        get { layerTiming.beginTime }
        set { setTiming(\.beginTime, newValue) }
    }

    public var duration: CFTimeInterval {
        get { layerTiming.duration }
        set { setTiming(\.duration, newValue) }
    }

    public var speed: Float {
        get { Float(layerTiming.speed) }
        set { setTiming(\.speed, Double(newValue)) }
    }

    public var timeOffset: CFTimeInterval {
        get { layerTiming.timeOffset }
        set { setTiming(\.timeOffset, newValue) }
    }

    public var repeatCount: Float {
        get { Float(layerTiming.repeatCount) }
        set { setTiming(\.repeatCount, Double(newValue)) }
    }

    public var repeatDuration: CFTimeInterval {
        get { layerTiming.repeatDuration }
        set { setTiming(\.repeatDuration, newValue) }
    }

    public var autoreverses: Bool {
        get { layerTiming.autoreverses }
        set { setTiming(\.autoreverses, newValue) }
    }

    public var fillMode: CAMediaTimingFillMode {
        get { layerTiming.fillMode }
        set { setTiming(\.fillMode, newValue) }
    }

    private func setTiming<Value: Equatable>(_ field: WritableKeyPath<MediaTiming, Value>, _ newValue: Value) {
        if let number = newValue as? Double, !number.isFinite, field != \MediaTiming.repeatCount {
            CADiagnostics.warn("\(debugName): ignored non-finite timing value \(number)")
            return
        }
        guard layerTiming[keyPath: field] != newValue else { return }
        layerTiming[keyPath: field] = newValue
        if !isPresentationCopy { CATransaction.currentForChange().noteChange(of: self) }
    }

    /// Converts a time from `layer`'s local time space (the host's absolute
    /// time when nil) into the receiver's — `-convertTime:fromLayer:`.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromHostTime: layer?.hostTime(fromLocalTime: t) ?? t)
    }

    /// Converts a time from the receiver's local time space into `layer`'s
    /// (the host's absolute time when nil) — `-convertTime:toLayer:`.
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let host = hostTime(fromLocalTime: t)
        return layer?.localTime(fromHostTime: host) ?? host
    }

    /// The layers from the root of the tree down to the receiver.
    var ancestry: [CALayer] {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(current)
            layer = current.timeParent
        }
        return chain.reversed()
    }

    /// The layer whose time space the receiver's is nested in: its
    /// superlayer, or for a mask the layer it masks.
    private var timeParent: CALayer? { storedSuperlayer ?? maskOwner }

    /// The receiver's local time at a host time: the parent's local time,
    /// mapped through the receiver's own timing. Recursive rather than
    /// through ``ancestry``, so that the display link's per-frame life cycle
    /// (``RenderHost/tick()``, once per audio period) allocates nothing.
    func localTime(fromHostTime t: CFTimeInterval) -> CFTimeInterval {
        layerTiming.layerTime(fromParent: timeParent?.localTime(fromHostTime: t) ?? t)
    }

    /// The host time at which the receiver's local time is `t`.
    func hostTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        let parentTime = layerTiming.parentTime(fromLocal: t)
        return timeParent?.hostTime(fromLocalTime: parentTime) ?? parentTime
    }
}
