import SwellScript

extension AutomationStage {
    /// The command line's automation as events of the kind a script has
    /// (docs/cli.md#fades): what the session runs, samples and measures its
    /// end by, alike for both.
    ///
    /// - `--fade-in D`: at 0, a basic animation of the target's `volume`
    ///   from 0 over D (whole frames, `round(D·fs)`, as in SoX and FFmpeg),
    ///   with `--timing`'s shape.
    /// - `--fade-out D`: a basic animation to 0 on the layer `fade-out`
    ///   between the target and its parent, ending at the length L, with the
    ///   mirrored shape, held at 0 after. Ancestors' volumes multiply, so
    ///   fades that overlap multiply, as two FFmpeg `afade` filters do. A
    ///   fade longer than L began before the start: its begin time is in
    ///   the past.
    /// - `--tape-stop D`: on each input's layer, a basic animation of
    ///   `rate` to 0 ending at the length L, with `--timing`'s shape, held
    ///   at 0 after: the file slows to a stop, pitch falling with it.
    /// - `--ramp`: the target's model volume is the first point's from the
    ///   start, without an implicit animation; from the first point's time
    ///   a keyframe animation runs to the last, held after — or, when a
    ///   point says `exp` or `target(τ)`, the ramp's calls are made on the
    ///   volume's schedule at 0.
    ///
    /// The ramp's starting value comes before every other event at 0, the
    /// rest after the script's own at the same times.
    func optionEvents(fadeIn: Double?, fadeOut: Double?,
                      tapeStop: Double?) throws(AutomationError) -> (first: [EventSpec], after: [EventSpec]) {
        let target = targetName
        var first: [EventSpec] = [], after: [EventSpec] = []
        let shape = options.timing
        if let fadeIn = fadeIn.map(frames), fadeIn > 0 {
            var fade = BasicAnimationSpec(property: PropertyAnimationSpec(keyPath: AudioKey.volume))
            fade.fromValue = 0.0
            var animation = AnimationSpec(.basic(fade), location: Self.commandLine)
            animation.duration = fadeIn
            animation.timingFunction = shape
            after.append(event(at: 0, on: target, .add(animation, forKey: "fade-in")))
        }
        if let fadeOut = fadeOut.map(frames), fadeOut > 0, let fadeOutLayer {
            guard let length else { throw AutomationError("--fade-out needs the length of the input, or --duration") }
            let begin = length - fadeOut
            var fade = BasicAnimationSpec(property: PropertyAnimationSpec(keyPath: AudioKey.volume))
            fade.toValue = 0.0
            var animation = AnimationSpec(.basic(fade), location: Self.commandLine)
            if begin < 0 { animation.beginTime = fadeOutLayer.convertTime(origin + begin, from: nil) }
            animation.duration = fadeOut
            animation.timingFunction = .mirrored(shape)
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
            after.append(event(at: max(begin, 0), on: fadeOutLayer.name ?? "", .add(animation, forKey: "fade-out")))
        }
        if let tapeStop = tapeStop.map(frames), tapeStop > 0 {
            guard let length else { throw AutomationError("--tape-stop needs the length of the input, or --duration") }
            let begin = length - tapeStop
            for layer in inputLayers {
                var stop = BasicAnimationSpec(property: PropertyAnimationSpec(keyPath: AudioKey.rate))
                stop.toValue = 0.0
                var animation = AnimationSpec(.basic(stop), location: Self.commandLine)
                if begin < 0 { animation.beginTime = layer.convertTime(origin + begin, from: nil) }
                animation.duration = tapeStop
                animation.timingFunction = shape
                animation.fillMode = .forwards
                animation.isRemovedOnCompletion = false
                after.append(event(at: max(begin, 0), on: layer.name ?? "", .add(animation, forKey: "tape-stop")))
            }
        }
        if let ramp = options.ramp, let start = ramp.points.first, let end = ramp.points.last {
            var hold = TransactionSpec()
            hold.disableActions = true
            first.append(event(at: 0, on: target, .set([AudioKey.volume: SceneValue(start.level)]), hold))
            let span = end.time - start.time
            if let calls = ramp.scheduleCalls {
                let schedule = AutomationSpec(keyPath: AudioKey.volume, calls: calls, callLocations: [],
                                              location: Self.commandLine)
                after.append(event(at: 0, on: target, .automate(schedule)))
            } else if span > 0 {
                var keyframes = KeyframeAnimationSpec(property: PropertyAnimationSpec(keyPath: AudioKey.volume),
                                                      values: ramp.points.map { SceneValue($0.level) })
                keyframes.keyTimes = ramp.points.map { ($0.time - start.time) / span }
                keyframes.timingFunctions = ramp.points.dropFirst().map { point in
                    if case .timing(let timing)? = point.shape { timing } else { shape }
                }
                var animation = AnimationSpec(.keyframe(keyframes), location: Self.commandLine)
                animation.duration = span
                animation.fillMode = .both
                animation.isRemovedOnCompletion = false
                after.append(event(at: start.time, on: target, .add(animation, forKey: "ramp")))
            } else {
                after.append(event(at: start.time, on: target, .set([AudioKey.volume: SceneValue(end.level)]), hold))
            }
        }
        return (first, after)
    }

    /// Where an event of the command line's is said to be: nowhere in a file.
    static let commandLine = SourceLocation(line: 0, column: 0)

    private func event(at time: Double, on layer: String, _ action: EventSpec.Action,
                       _ transaction: TransactionSpec = TransactionSpec()) -> EventSpec {
        EventSpec(time: time, layer: layer, action: action, transaction: transaction, location: Self.commandLine)
    }
}
