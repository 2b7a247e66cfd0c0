/// `"automate"` events: the calls as Web Audio writes them, and the
/// schedules they make, checked as the events will make them
/// (docs/automation.md#in-scripts).
extension ScriptDecoder {
    /// `"automate": KEY, "calls": [[NAME, ARGUMENT…]…]` on `layer`.
    func decodeAutomation(_ value: JSONValue, object: JSONObjectReader,
                          on layer: LayerSpec) throws(Diagnostic) -> AutomationSpec {
        let keyPath = try value.string("automate")
        guard let property = layer.property(forKeyPath: keyPath) else {
            throw Diagnostic(
                "layer \(layer.name.quotedForMessage) has no property \(keyPath.quotedForMessage)\(KeySuggestion.hint(for: keyPath, among: layer.propertyKeys))",
                at: value.location)
        }
        guard property.isAnimatable, property.isNumeric else {
            throw Diagnostic("\(keyPath.quotedForMessage) cannot be automated: a schedule animates a number", at: value.location)
        }
        for key in ["duration", "timingFunction"] {
            if let member = object.member(key) {
                throw Diagnostic("\(key.quotedForMessage) shapes a \"set\"'s animation; the calls of an \"automate\" time themselves",
                                 at: member.keyLocation)
            }
        }
        let list = try object.required("calls")
        var calls: [ScheduleCall] = [], locations: [AutomationSpec.CallLocation] = []
        for element in try list.array("calls") {
            let (call, location) = try decodeCall(element, of: property)
            calls.append(call)
            locations.append(location)
        }
        guard !calls.isEmpty else { throw Diagnostic("\"calls\" must list at least one call", at: list.location) }
        return AutomationSpec(keyPath: keyPath, calls: calls, callLocations: locations, location: list.location)
    }

    /// `["setValueAtTime", 0.5, 0.1]`: the call's name, then its arguments
    /// in Web Audio's order; values in `property`'s range.
    private func decodeCall(_ value: JSONValue, of property: LayerProperty) throws(Diagnostic) -> (ScheduleCall, AutomationSpec.CallLocation) {
        guard case .array(let elements) = value.kind, let first = elements.first else {
            throw Diagnostic("a call must be an array of its name and arguments, such as [\"setValueAtTime\", 0.5, 0.1], "
                             + "not \(value.kindDescription)", at: value.location)
        }
        let name = try first.enumeration("call", as: ScheduleCall.Name.self)
        let arguments = Array(elements.dropFirst())
        guard arguments.count == name.parameters.count else {
            throw Diagnostic("\(name.rawValue) takes \(name.parameters.count) argument\(name.parameters.count == 1 ? "" : "s") "
                             + "(\(name.parameters.map(\.rawValue).joined(separator: ", "))), not \(arguments.count)", at: value.location)
        }
        var numbers: [Double] = [], values: [Double] = []
        for (parameter, argument) in zip(name.parameters, arguments) {
            let given = parameter == .values ? try argument.numbers(parameter.rawValue) : [try argument.number(parameter.rawValue)]
            if parameter.isValue, let wrong = given.firstIndex(where: { property.rangeProblem($0, held: false) != nil }) {
                let place = parameter == .values ? try argument.array(parameter.rawValue)[wrong].location : argument.location
                throw Diagnostic(property.rangeProblem(given[wrong], held: false)!, at: place)
            }
            if parameter == .values { values = given } else { numbers += given }
        }
        let call = ScheduleCall(name, numbers: numbers, values: values)
        do throws(ScheduleError) {
            try call.check()
        } catch {
            let place = error.argument.flatMap { name.parameters.firstIndex(of: $0) }.map { arguments[$0].location }
            throw Diagnostic(error.description, at: place ?? value.location)
        }
        return (call, AutomationSpec.CallLocation(call: value.location, arguments: arguments.map(\.location)))
    }

    /// Makes the schedules of `events`, in order, as they will be made: on
    /// layers of the declared kinds and timing, where an event's time is
    /// the layer's current time and a property's value is its model value,
    /// which `set` events change; `add` and `remove` replace or clear a
    /// schedule under their key. A refused call is an error at its place.
    func checkSchedules(_ events: [EventSpec], layers: [LayerSpec]) throws(Diagnostic) {
        guard events.contains(where: { if case .automate = $0.action { true } else { false } }) else { return }
        let tree = Self.timingTree(of: layers)
        var schedules: [String: [String: AutomationSchedule]] = [:]
        for event in events {
            let layer = tree[event.layer]!
            switch event.action {
            case .set(let values):
                for (keyPath, value) in values.sorted(by: { $0.key < $1.key }) { layer.setValue(value.value, forKeyPath: keyPath) }
            case .add(_, let key?), .removeAnimation(let key):
                schedules[event.layer]?[key] = nil
            case .add(_, nil):
                break
            case .removeAllAnimations:
                schedules[event.layer] = nil
            case .automate(let automation):
                let now = layer.automation(forKeyPath: automation.keyPath).call(atHostTime: event.time)
                do throws(ScheduleCallError) {
                    try schedules[event.layer, default: [:]][automation.keyPath, default: AutomationSchedule()]
                        .make(automation.calls, at: now)
                } catch {
                    throw Diagnostic(error.error.description, at: automation.location(of: error))
                }
            }
        }
    }

    /// The declared layers, by name, of their kinds with the script's
    /// values, in the script's tree under a root: their times are the
    /// session's.
    private static func timingTree(of layers: [LayerSpec]) -> [String: CALayer] {
        let root = CALayer()
        var tree: [String: CALayer] = [:]
        for spec in layers {
            let layer = spec.type.makeLayer()
            spec.setProperties(on: layer)
            tree[spec.name] = layer
        }
        for spec in layers { (spec.parent.flatMap { tree[$0] } ?? root).addSublayer(tree[spec.name]!) }
        return tree
    }
}
