/// `"events"`: timing, target layer, the one action and transaction settings.
extension ScriptDecoder {
    /// An event with the position of its action's value, which the check
    /// for removed keys points at.
    struct DecodedEvent {
        var spec: EventSpec
        var actionLocation: SourceLocation
    }

    private static let eventKeys = [
        "at", "layer", "set", "add", "remove", "automate", "calls", "key", "duration", "timingFunction", "disableActions",
    ]
    private static let actionKeys = ["set", "add", "remove", "automate"]

    func decodeEvents(_ value: JSONValue, layers: [LayerSpec]) throws(Diagnostic) -> [EventSpec] {
        var events: [DecodedEvent] = []
        for entry in try value.array("events") {
            events.append(try decodeEvent(entry, layers: layers, timed: true))
        }
        // Stable: events at the same time keep their file order.
        let sorted = events.enumerated()
            .sorted { ($0.element.spec.time, $0.offset) < ($1.element.spec.time, $1.offset) }
            .map(\.element)
        try checkRemovedKeys(sorted)
        try checkSchedules(sorted.map(\.spec), layers: layers)
        return sorted.map(\.spec)
    }

    /// A `remove` must name a key that an earlier `add` on the same layer
    /// used; Core Animation would silently ignore anything else, which in a
    /// script is a typo.
    private func checkRemovedKeys(_ events: [DecodedEvent]) throws(Diagnostic) {
        var addedKeys: [String: [String]] = [:]
        for event in events {
            switch event.spec.action {
            case .add(_, let key?):
                addedKeys[event.spec.layer, default: []].append(key)
            case .automate(let automation):
                addedKeys[event.spec.layer, default: []].append(automation.keyPath)
            case .removeAnimation(let key):
                let added = addedKeys[event.spec.layer, default: []]
                guard added.contains(key) else {
                    throw Diagnostic(
                        "no animation or schedule was added under key \(key.quotedForMessage) on layer \(event.spec.layer.quotedForMessage) before this event\(KeySuggestion.hint(for: key, among: added))",
                        at: event.actionLocation)
                }
            default:
                break
            }
        }
    }

    /// An event with the layers it may name. A `timed` event is a
    /// script's, run at its `at`; an untimed one is a control request,
    /// which runs when it arrives and has no `at` (docs/control.md).
    func decodeEvent(_ value: JSONValue, layers: [LayerSpec], timed: Bool) throws(Diagnostic) -> DecodedEvent {
        let object = try JSONObjectReader(value, as: timed ? "event" : "request")
        try object.rejectUnknownKeys(allowed: timed ? Self.eventKeys : Array(Self.eventKeys.dropFirst()))

        var time = 0.0
        if timed {
            let atValue = try object.required("at")
            time = try atValue.number("at")
            guard time >= 0 else {
                throw Diagnostic("\"at\" must not be negative; events run at seconds from the start", at: atValue.location)
            }
        }

        var layer = layers[0]
        if let layerValue = object["layer"] {
            let name = try layerValue.string("layer")
            guard let named = layers.first(where: { $0.name == name }) else {
                throw Diagnostic(
                    "unknown layer \(name.quotedForMessage)\(KeySuggestion.hint(for: name, among: layers.map(\.name)))",
                    at: layerValue.location)
            }
            layer = named
        }

        let actions = object.members.filter { Self.actionKeys.contains($0.key) }
        guard let actionMember = actions.first else {
            let requests = requestAlternatives.isEmpty ? ""
                : ", or one of " + requestAlternatives.map(\.quotedForMessage).joined(separator: ", ")
            throw Diagnostic("\(object.what) needs one of \"set\", \"add\", \"remove\" or \"automate\"\(requests)", at: object.location)
        }
        if actions.count > 1 {
            throw Diagnostic(
                "\(actions[1].key.quotedForMessage) cannot be combined with \(actionMember.key.quotedForMessage) in one event; use one event for each",
                at: actions[1].keyLocation)
        }
        if actionMember.key != "add", let key = object.member("key") {
            throw Diagnostic("\"key\" names the animation of an \"add\"; this event has none", at: key.keyLocation)
        }
        if actionMember.key != "automate", let calls = object.member("calls") {
            throw Diagnostic("\"calls\" lists the calls of an \"automate\"; this event has none", at: calls.keyLocation)
        }

        var transaction = TransactionSpec()
        transaction.animationDuration = try object.nonNegativeNumber("duration")
        let action: EventSpec.Action
        switch actionMember.key {
        case "set":
            action = .set(try decodeSet(actionMember.value, on: layer,
                                        held: (transaction.animationDuration ?? 0) == 0))
        case "add":
            action = .add(try decodeAnimation(actionMember.value, on: layer), forKey: try animationKey(object))
        case "automate":
            action = .automate(try decodeAutomation(actionMember.value, object: object, on: layer))
        default:
            let key = try actionMember.value.string("remove")
            guard !key.isEmpty else {
                throw Diagnostic("\"remove\" must name an animation key, or \"*\" for all", at: actionMember.value.location)
            }
            action = key == "*" ? .removeAllAnimations : .removeAnimation(forKey: key)
        }

        if let timingFunction = object["timingFunction"] {
            transaction.animationTimingFunction = try decodeTimingFunction(timingFunction, named: "timingFunction")
        }
        transaction.disableActions = try object.bool("disableActions") ?? false

        let spec = EventSpec(time: time, layer: layer.name, action: action, transaction: transaction, location: value.location)
        return DecodedEvent(spec: spec, actionLocation: actionMember.value.location)
    }

    /// The `key` of an `add`: any non-empty name but `*`, which `remove`
    /// reserves for "all".
    private func animationKey(_ object: JSONObjectReader) throws(Diagnostic) -> String? {
        guard let value = object["key"] else { return nil }
        let key = try value.string("key")
        guard !key.isEmpty, key != "*" else {
            throw Diagnostic("\"key\" must be a non-empty name other than \"*\"", at: value.location)
        }
        return key
    }

    /// `"set"`: model values for properties the layer has, each read as
    /// its table entry says (``decodeValue(_:for:key:held:)``), and to
    /// hold unless the event animates to them (`held` false: it has a
    /// duration).
    private func decodeSet(_ value: JSONValue, on layer: LayerSpec,
                           held: Bool) throws(Diagnostic) -> [String: SceneValue] {
        let object = try JSONObjectReader(value, as: "\"set\"")
        guard !object.members.isEmpty else {
            throw Diagnostic("\"set\" must name at least one property", at: value.location)
        }
        var values: [String: SceneValue] = [:]
        for member in object.members {
            guard let property = layer.property(forKeyPath: member.key) else {
                let declare = layer.type.declaresProperties ? " (declare it on the layer with an initial number)" : ""
                throw Diagnostic(
                    "layer \(layer.name.quotedForMessage) has no property \(member.key.quotedForMessage)\(KeySuggestion.hint(for: member.key, among: layer.propertyKeys))\(declare)",
                    at: member.keyLocation)
            }
            values[member.key] = try decodeValue(member.value, for: property, key: member.key, held: held)
        }
        return values
    }

    /// A timing function: a NAME (or `bezier(…)`) string, or the control
    /// points `[x1, y1, x2, y2]`.
    func decodeTimingFunction(_ value: JSONValue, named name: String) throws(Diagnostic) -> TimingFunctionSpec {
        switch value.kind {
        case .string(let text):
            do throws(ValueSyntaxError) {
                return try TimingFunctionSpec(parsing: text)
            } catch {
                throw Diagnostic(error.description, at: value.location)
            }
        case .array(let elements):
            guard elements.count == 4 else {
                throw Diagnostic(
                    "timing function control points must be four numbers [x1, y1, x2, y2], not \(elements.count)",
                    at: value.location)
            }
            let coordinates = try value.numbers(name)
            if let problem = TimingFunctionSpec.controlPointProblem(coordinates) {
                throw Diagnostic(problem.reason, at: elements[problem.index].location)
            }
            return .bezier(x1: coordinates[0], y1: coordinates[1], x2: coordinates[2], y2: coordinates[3])
        default:
            throw value.wrongType(name, expected: "a timing function name or [x1, y1, x2, y2]")
        }
    }
}
