/// A layer property's schedule, as an `AudioParam` is a node's: Web
/// Audio's seven calls on `layer.automation(forKeyPath: "volume")`, each
/// made now — at the host's commit time, in the layer's time, finding the
/// property's model value (docs/automation.md). They chain as Web Audio's
/// do:
///
///     try music.automation(forKeyPath: "volume")
///         .setValueAtTime(0.5, 0.1)
///         .linearRampToValueAtTime(1, 0.5)
///
/// The schedule is an ``AutomationAnimation`` under `key` (the key path
/// unless another is given): `removeAnimation(forKey:)` clears it. The
/// property must be a number. A refused call throws ``ScheduleError`` and
/// changes nothing.
public struct LayerAutomation {
    public let layer: CALayer
    public let keyPath: String
    public let key: String

    /// The events so far.
    public var schedule: AutomationSchedule { stored?.schedule ?? AutomationSchedule() }

    @discardableResult
    public func setValueAtTime(_ value: Double, _ startTime: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in try schedule.setValueAtTime(value, startTime, call: call) }
    }

    @discardableResult
    public func linearRampToValueAtTime(_ value: Double, _ endTime: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in try schedule.linearRampToValueAtTime(value, endTime, call: call) }
    }

    @discardableResult
    public func exponentialRampToValueAtTime(_ value: Double, _ endTime: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in
            try schedule.exponentialRampToValueAtTime(value, endTime, call: call)
        }
    }

    @discardableResult
    public func setTargetAtTime(_ target: Double, _ startTime: Double,
                                _ timeConstant: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in
            try schedule.setTargetAtTime(target, startTime, timeConstant, call: call)
        }
    }

    @discardableResult
    public func setValueCurveAtTime(_ values: [Double], _ startTime: Double,
                                    _ duration: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in
            try schedule.setValueCurveAtTime(values, startTime, duration, call: call)
        }
    }

    @discardableResult
    public func cancelScheduledValues(_ cancelTime: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in try schedule.cancelScheduledValues(cancelTime, call: call) }
    }

    @discardableResult
    public func cancelAndHoldAtTime(_ cancelTime: Double) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, call) throws(ScheduleError) in try schedule.cancelAndHoldAtTime(cancelTime, call: call) }
    }

    /// The schedule the layer holds under ``key``, when it is this one's.
    private var stored: AutomationAnimation? {
        guard let automation = layer.animation(forKey: key) as? AutomationAnimation, automation.keyPath == keyPath else {
            return nil
        }
        return automation
    }

    /// Makes a call now on the schedule, changing the layer's copy in
    /// place — recompiled once, at the next commit — or adding the first.
    private func update(_ change: (inout AutomationSchedule, AutomationCall) throws(ScheduleError) -> Void)
        throws(ScheduleError) -> LayerAutomation {
        let now = layer.convertTime(layer.renderHost?.commitTime ?? 0, from: nil)
        let value = layer.value(forKeyPath: keyPath).flatMap(ValueCoercion.number) ?? 0
        let call = AutomationCall(time: now, value: value)
        if let stored, let attachment = stored.attachment {
            // In place, so that n calls cost O(n log n), not O(n²) copies:
            // a refused call changes nothing before it throws.
            try change(&stored.schedule, call)
            attachment.isStale = true
            CATransaction.currentForChange().noteChange(of: layer)
        } else {
            var schedule = AutomationSchedule()
            try change(&schedule, call)
            layer.add(AutomationAnimation(keyPath: keyPath, schedule: schedule), forKey: key)
        }
        return self
    }
}

extension CALayer {
    /// The schedule of the number at `keyPath` (`"volume"`, `"opacity"`,
    /// `"position.x"`), kept under `key`, the key path by default: Web
    /// Audio's `AudioParam` calls on a layer property (docs/automation.md).
    public func automation(forKeyPath keyPath: String, key: String? = nil) -> LayerAutomation {
        precondition(!isPresentationCopy, "presentation layers cannot take animations")
        return LayerAutomation(layer: self, keyPath: keyPath, key: key ?? keyPath)
    }
}
