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
        try make(.setValueAtTime(value: value, startTime: startTime))
    }

    @discardableResult
    public func linearRampToValueAtTime(_ value: Double, _ endTime: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.linearRampToValueAtTime(value: value, endTime: endTime))
    }

    @discardableResult
    public func exponentialRampToValueAtTime(_ value: Double, _ endTime: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.exponentialRampToValueAtTime(value: value, endTime: endTime))
    }

    @discardableResult
    public func setTargetAtTime(_ target: Double, _ startTime: Double,
                                _ timeConstant: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.setTargetAtTime(target: target, startTime: startTime, timeConstant: timeConstant))
    }

    @discardableResult
    public func setValueCurveAtTime(_ values: [Double], _ startTime: Double,
                                    _ duration: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.setValueCurveAtTime(values: values, startTime: startTime, duration: duration))
    }

    @discardableResult
    public func cancelScheduledValues(_ cancelTime: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.cancelScheduledValues(cancelTime: cancelTime))
    }

    @discardableResult
    public func cancelAndHoldAtTime(_ cancelTime: Double) throws(ScheduleError) -> LayerAutomation {
        try make(.cancelAndHoldAtTime(cancelTime: cancelTime))
    }

    /// Makes `call` now.
    @discardableResult
    public func make(_ call: ScheduleCall) throws(ScheduleError) -> LayerAutomation {
        try update { (schedule, now) throws(ScheduleError) in try schedule.make(call, at: now) }
    }

    /// Makes `calls` now, all or none, as a script's `"automate"` event
    /// does — refusing also an exponential ramp that would hold
    /// (``AutomationSchedule/make(_:at:)-([ScheduleCall],_)``).
    @discardableResult
    public func make(_ calls: [ScheduleCall]) throws(ScheduleCallError) -> LayerAutomation {
        try update { (schedule, now) throws(ScheduleCallError) in try schedule.make(calls, at: now) }
    }

    /// A call made at `hostTime`: Web Audio's `currentTime`, in the
    /// layer's time, and `value`, the property's model value.
    public func call(atHostTime hostTime: Double) -> AutomationCall {
        AutomationCall(time: layer.convertTime(hostTime, from: nil),
                       value: layer.value(forKeyPath: keyPath).flatMap(ValueCoercion.number) ?? 0)
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
    private func update<Failure: Error>(_ change: (inout AutomationSchedule, AutomationCall) throws(Failure) -> Void)
        throws(Failure) -> LayerAutomation {
        let call = call(atHostTime: layer.renderHost?.commitTime ?? 0)
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
