import Foundation

/// Animation objects of `"add"`: the keys each `CAAnimation` class has,
/// and Core Animation's rules for their values.
extension ScriptDecoder {
    private static let mediaTimingKeys = [
        "type", "beginTime", "duration", "timeOffset", "speed", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode", "timingFunction", "removedOnCompletion",
    ]
    private static let propertyKeys = ["keyPath", "additive", "cumulative"]
    private static let basicKeys = ["fromValue", "toValue", "byValue"]

    /// Every key an animation object of `type` may have.
    private static func keys(of type: AnimationSpec.AnimationType) -> [String] {
        switch type {
        case .basic: mediaTimingKeys + propertyKeys + basicKeys
        case .spring: mediaTimingKeys + propertyKeys + basicKeys + ["mass", "stiffness", "damping", "initialVelocity"]
        case .keyframe:
            mediaTimingKeys + propertyKeys + [
                "values", "path", "rotationMode", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
                "continuityValues", "biasValues",
            ]
        case .group: mediaTimingKeys + ["animations"]
        case .transition: mediaTimingKeys + ["transitionType", "subtype", "startProgress", "endProgress"]
        }
    }

    func decodeAnimation(_ value: JSONValue, on layer: LayerSpec) throws(Diagnostic) -> AnimationSpec {
        var object = try JSONObjectReader(value, as: "animation")
        let type = try object.required("type").enumeration("type", as: AnimationSpec.AnimationType.self)
        object.what = "\(type.rawValue) animation"
        try object.rejectUnknownKeys(allowed: Self.keys(of: type)) { key in
            let owners = AnimationSpec.AnimationType.allCases.filter { Self.keys(of: $0).contains(key) }
            guard !owners.isEmpty else { return nil }
            return "\(key.quotedForMessage) is not a key of a \(type.rawValue) animation; \(owners.map { "\($0.rawValue) animations" }.joinedAsList) have it"
        }
        let content: AnimationSpec.Content
        switch type {
        case .basic: content = .basic(try decodeBasic(object, on: layer))
        case .spring: content = .spring(try decodeSpring(object, on: layer))
        case .keyframe: content = .keyframe(try decodeKeyframe(object, on: layer))
        case .group: content = .group(try decodeGroup(object, on: layer))
        case .transition: content = .transition(try decodeTransition(object))
        }
        var animation = AnimationSpec(content, location: value.location)
        try decodeMediaTiming(object, into: &animation)
        return animation
    }

    /// The `CAMediaTiming` and `CAAnimation` keys every animation has.
    private func decodeMediaTiming(_ object: JSONObjectReader, into animation: inout AnimationSpec) throws(Diagnostic) {
        animation.beginTime = try object.number("beginTime") ?? 0
        animation.duration = try object.nonNegativeNumber("duration") ?? 0
        animation.timeOffset = try object.number("timeOffset") ?? 0
        // Core Animation keeps speed and repeatCount as Float.
        if let value = object["speed"] {
            animation.speed = try value.number("speed")
            guard Float(animation.speed).isFinite else { throw Diagnostic("\"speed\" is too large", at: value.location) }
        }
        if let value = object["repeatCount"] {
            animation.repeatCount = try repeatCount(value)
        }
        animation.repeatDuration = try object.nonNegativeNumber("repeatDuration") ?? 0
        if animation.repeatCount != 0, animation.repeatDuration != 0,
            let later = object.members.last(where: { ["repeatCount", "repeatDuration"].contains($0.key) })
        {
            throw Diagnostic(
                "set \"repeatCount\" or \"repeatDuration\", not both; Core Animation leaves the combination undefined",
                at: later.keyLocation)
        }
        animation.autoreverses = try object.bool("autoreverses") ?? false
        animation.fillMode = try object.enumeration("fillMode", as: AnimationSpec.FillMode.self) ?? .removed
        animation.isRemovedOnCompletion = try object.bool("removedOnCompletion") ?? true
        if let value = object["timingFunction"] {
            animation.timingFunction = try decodeTimingFunction(value, named: "timingFunction")
        }
    }

    /// A count ≥ 0, or `"infinity"` to repeat forever.
    private func repeatCount(_ value: JSONValue) throws(Diagnostic) -> Double {
        switch value.kind {
        case .string("infinity"):
            return .infinity
        case .number(let count, _):
            guard count >= 0 else { throw Diagnostic("\"repeatCount\" must not be negative", at: value.location) }
            guard Float(count).isFinite else {
                throw Diagnostic("\"repeatCount\" is too large; write \"infinity\" to repeat forever", at: value.location)
            }
            return count
        default:
            throw value.wrongType("repeatCount", expected: "a number or \"infinity\"")
        }
    }

    /// A property animation's `keyPath`, `additive` and `cumulative`, and
    /// the property it animates: one the target layer has and that
    /// animates — on any layer, a property of its class or a key path into
    /// one (`transform.rotation.z`, `bounds.size`), whose values take the
    /// property's form; on a generic layer, also its dynamic properties.
    private func decodeProperty(
        _ object: JSONObjectReader, on layer: LayerSpec
    ) throws(Diagnostic) -> (PropertyAnimationSpec, property: LayerProperty) {
        let value = try object.required("keyPath")
        let keyPath = try value.string("keyPath")
        let property = layer.property(forKeyPath: keyPath)
        if property?.kind == .timing {
            throw Diagnostic(
                "\(keyPath.quotedForMessage) is a timing key of the layer; it retimes and cannot be animated (use \"set\")",
                at: value.location)
        }
        guard let property, property.isAnimatable else {
            let animatable = layer.propertyKeys.filter { layer.property(forKeyPath: $0)?.isAnimatable == true }
            let hint = KeySuggestion.hint(for: keyPath, among: animatable)
            throw Diagnostic(
                "layer \(layer.name.quotedForMessage) has no animatable property \(keyPath.quotedForMessage)\(hint)",
                at: value.location)
        }
        var spec = PropertyAnimationSpec(keyPath: keyPath)
        spec.isAdditive = try object.bool("additive") ?? false
        spec.isCumulative = try object.bool("cumulative") ?? false
        return (spec, property)
    }

    /// An animated value of `property`, in its form and syntax. Its range
    /// holds for what the property is set to, not for an animation's
    /// values, which an additive animation adds (a dip of `volume` is
    /// `-0.5`) and a timing function may overshoot.
    private func decodeAnimated(_ value: JSONValue, key: String, for property: LayerProperty) throws(Diagnostic) -> SceneValue {
        try decodeValue(value, for: property, key: key, checksRange: false)
    }

    private func decodeBasic(_ object: JSONObjectReader, on layer: LayerSpec) throws(Diagnostic) -> BasicAnimationSpec {
        let (spec, property) = try decodeProperty(object, on: layer)
        var basic = BasicAnimationSpec(property: spec)
        for (key, path) in [("fromValue", \BasicAnimationSpec.fromValue), ("toValue", \.toValue), ("byValue", \.byValue)] {
            guard let value = object[key] else { continue }
            basic[keyPath: path] = try decodeAnimated(value, key: key, for: property)
        }
        let given = object.members.filter { Self.basicKeys.contains($0.key) }
        if given.count == 3 {
            throw Diagnostic(
                "at most two of \"fromValue\", \"toValue\" and \"byValue\" may be set", at: given[2].keyLocation)
        }
        return basic
    }

    private func decodeSpring(_ object: JSONObjectReader, on layer: LayerSpec) throws(Diagnostic) -> SpringAnimationSpec {
        var spring = SpringAnimationSpec(basic: try decodeBasic(object, on: layer))
        for (key, path) in [("mass", \SpringAnimationSpec.mass), ("stiffness", \.stiffness)] {
            guard let value = object[key] else { continue }
            spring[keyPath: path] = try value.number(key)
            guard spring[keyPath: path] > 0 else {
                throw Diagnostic("\(key.quotedForMessage) must be greater than 0", at: value.location)
            }
        }
        spring.damping = try object.nonNegativeNumber("damping") ?? spring.damping
        spring.initialVelocity = try object.number("initialVelocity") ?? spring.initialVelocity
        return spring
    }

    private func decodeKeyframe(_ object: JSONObjectReader, on layer: LayerSpec) throws(Diagnostic) -> KeyframeAnimationSpec {
        let (spec, property) = try decodeProperty(object, on: layer)
        if let path = object.member("path") {
            return try decodeKeyframePath(path, of: object, property: spec, example: property.defaultValue)
        }
        let valuesValue = try object.required("values")
        var values: [SceneValue] = []
        for element in try valuesValue.array("values") {
            if property.isNumeric, !element.isNumber, property.declaration.syntax != .level || !element.isString {
                throw Diagnostic("\"values\" must contain only numbers, not \(element.kindDescription)", at: element.location)
            }
            values.append(try decodeAnimated(element, key: "values", for: property))
        }
        guard !values.isEmpty else {
            throw Diagnostic("\"values\" must contain at least one value", at: valuesValue.location)
        }
        if let rotationMode = object.member("rotationMode") {
            throw Diagnostic("\"rotationMode\" turns a layer along a \"path\"; this animation has none",
                             at: rotationMode.keyLocation)
        }
        var keyframe = KeyframeAnimationSpec(property: spec, values: values)
        keyframe.calculationMode =
            try object.enumeration("calculationMode", as: AnimationSpec.CalculationMode.self) ?? .linear
        if let value = object["keyTimes"] {
            keyframe.keyTimes = try decodeKeyTimes(value, valueCount: values.count, mode: keyframe.calculationMode)
        }
        if let value = object["timingFunctions"] {
            let elements = try value.array("timingFunctions")
            guard elements.count == values.count - 1 else {
                throw Diagnostic(
                    "\"timingFunctions\" needs one timing function per segment, \(values.count - 1) for \(counted(values.count, "value")), not \(elements.count)",
                    at: value.location)
            }
            keyframe.timingFunctions = try decodeTimingFunctions(elements)
        }
        let splineKeys = [
            ("tensionValues", \KeyframeAnimationSpec.tensionValues), ("continuityValues", \.continuityValues),
            ("biasValues", \.biasValues),
        ]
        for (key, path) in splineKeys {
            guard let value = object[key] else { continue }
            let numbers = try value.numbers(key)
            guard numbers.count == values.count else {
                throw Diagnostic(
                    "\(key.quotedForMessage) needs one number per value, \(values.count) for \(counted(values.count, "value")), not \(numbers.count)",
                    at: value.location)
            }
            keyframe[keyPath: path] = numbers
        }
        return keyframe
    }

    /// A keyframe animation along `"path"`, which Core Animation uses in
    /// place of `values` for a point property. Its segments are the
    /// keyframe intervals, so `keyTimes` are checked for range and order
    /// only; the Kochanek–Bartels values shape `values`, which a path has
    /// none of.
    private func decodeKeyframePath(
        _ member: JSONMember, of object: JSONObjectReader, property: PropertyAnimationSpec, example: (any Animatable)?
    ) throws(Diagnostic) -> KeyframeAnimationSpec {
        guard example is CGPoint else {
            throw Diagnostic(
                "\"path\" moves a point along it; \(property.keyPath.quotedForMessage) is not a point property",
                at: member.keyLocation)
        }
        if let extra = object.members.first(where: {
            ["values", "tensionValues", "continuityValues", "biasValues"].contains($0.key)
        }) {
            throw Diagnostic("\(extra.key.quotedForMessage) cannot be combined with \"path\", which replaces the values",
                             at: extra.keyLocation)
        }
        var keyframe = KeyframeAnimationSpec(property: property, values: [])
        keyframe.path = try decodePath(member.value, key: "path")
        keyframe.rotationMode = try object.enumeration("rotationMode", as: KeyframeAnimationSpec.RotationMode.self)
        keyframe.calculationMode =
            try object.enumeration("calculationMode", as: AnimationSpec.CalculationMode.self) ?? .linear
        if let value = object["keyTimes"] {
            keyframe.keyTimes = try decodeKeyTimes(value, valueCount: nil, mode: keyframe.calculationMode)
        }
        if let value = object["timingFunctions"] {
            keyframe.timingFunctions = try decodeTimingFunctions(try value.array("timingFunctions"))
        }
        return keyframe
    }

    private func decodeTimingFunctions(_ elements: [JSONValue]) throws(Diagnostic) -> [TimingFunctionSpec] {
        var functions: [TimingFunctionSpec] = []
        for element in elements {
            functions.append(try decodeTimingFunction(element, named: "timingFunctions"))
        }
        return functions
    }

    /// `keyTimes` per Apple's documentation: each within 0…1, never
    /// decreasing; for `linear` and `cubic` one per value from 0 to 1; for
    /// `discrete` one per value starting at 0, or one more ending at 1;
    /// ignored (so any count) for the paced modes. Along a path
    /// (`valueCount` nil) only range and order are checked.
    private func decodeKeyTimes(
        _ value: JSONValue, valueCount: Int?, mode: AnimationSpec.CalculationMode
    ) throws(Diagnostic) -> [Double] {
        let elements = try value.array("keyTimes")
        let times = try value.numbers("keyTimes")
        for (index, time) in times.enumerated() {
            guard (0 ... 1).contains(time) else {
                throw Diagnostic(
                    "\"keyTimes\" entries must be within 0…1, not \(elements[index].literalText)",
                    at: elements[index].location)
            }
            if index > 0, time < times[index - 1] {
                throw Diagnostic(
                    "\"keyTimes\" must not decrease: \(elements[index].literalText) follows \(elements[index - 1].literalText)",
                    at: elements[index].location)
            }
        }
        guard let valueCount else { return times }
        let values = counted(valueCount, "value")
        switch mode {
        case .linear, .cubic:
            guard times.count == valueCount else {
                throw Diagnostic(
                    "calculationMode \(mode.rawValue) needs one key time per value, \(valueCount) for \(values), not \(times.count)",
                    at: value.location)
            }
        case .discrete:
            guard times.count == valueCount || times.count == valueCount + 1 else {
                throw Diagnostic(
                    "calculationMode discrete needs one key time per value or one more, \(valueCount) or \(valueCount + 1) for \(values), not \(times.count)",
                    at: value.location)
            }
        case .paced, .cubicPaced:
            return times
        }
        if let first = elements.first, times[0] != 0 {
            throw Diagnostic("the first key time must be 0 for calculationMode \(mode.rawValue)", at: first.location)
        }
        let endsAtOne = mode != .discrete || times.count == valueCount + 1
        if endsAtOne, let last = elements.last, times[times.count - 1] != 1 {
            throw Diagnostic("the last key time must be 1 for calculationMode \(mode.rawValue)", at: last.location)
        }
        return times
    }

    private func decodeGroup(_ object: JSONObjectReader, on layer: LayerSpec) throws(Diagnostic) -> [AnimationSpec] {
        let value = try object.required("animations")
        let elements = try value.array("animations")
        guard !elements.isEmpty else {
            throw Diagnostic("\"animations\" must contain at least one animation", at: value.location)
        }
        var animations: [AnimationSpec] = []
        for element in elements {
            animations.append(try decodeAnimation(element, on: layer))
        }
        return animations
    }

    private func decodeTransition(_ object: JSONObjectReader) throws(Diagnostic) -> TransitionSpec {
        var transition = TransitionSpec()
        transition.type = try object.enumeration("transitionType", as: TransitionSpec.TransitionType.self) ?? .fade
        transition.subtype = try object.enumeration("subtype", as: TransitionSpec.Subtype.self)
        for (key, path) in [("startProgress", \TransitionSpec.startProgress), ("endProgress", \.endProgress)] {
            guard let value = object[key] else { continue }
            transition[keyPath: path] = try value.number(key)
            guard (0 ... 1).contains(transition[keyPath: path]) else {
                throw Diagnostic("\(key.quotedForMessage) must be within 0…1", at: value.location)
            }
        }
        if let end = object["endProgress"], transition.endProgress < transition.startProgress {
            throw Diagnostic("\"endProgress\" must not be less than \"startProgress\"", at: end.location)
        }
        return transition
    }

    /// `1 value`, `3 values`.
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
