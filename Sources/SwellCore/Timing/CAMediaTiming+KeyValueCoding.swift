/// Key-value coding of the timing properties, shared by every timed object
/// that takes string keys: ``CALayer`` and ``CAEmitterCell``
/// (`setValue(2, forKey: "speed")`, as Apple's key-value coding allows on
/// both).
///
/// Each key is one entry, a read/write pair with its table entry, so that a
/// layer's property table lists them: a script sets them, they retime, and
/// they never animate (docs/scripts.md#layers).
struct MediaTimingKey: Sendable {
    let property: LayerProperty
    let get: @Sendable (any CAMediaTiming) -> any Animatable
    /// Converts the value to the property's type and sets it; false when it
    /// does not convert.
    let set: @Sendable (any CAMediaTiming, Any) -> Bool

    private init<Value: Animatable>(
        _ key: String, _ defaultValue: Value, range: PropertyRange? = nil,
        get: @escaping @Sendable (any CAMediaTiming) -> Value,
        set: @escaping @Sendable (any CAMediaTiming, Value) -> Void
    ) {
        property = LayerProperty(PropertyDeclaration(key, .none, range: range), kind: .timing,
                                 defaultValue: defaultValue)
        self.get = get
        self.set = { object, value in
            guard let converted = ValueCoercion.coerce(value, to: Value.self) else { return false }
            set(object, converted)
            return true
        }
    }

    /// The timing keys by key; defaults are a layer's.
    static let all: [String: MediaTimingKey] = Dictionary(uniqueKeysWithValues: [
        MediaTimingKey("beginTime", 0.0, get: { $0.beginTime }, set: { $0.beginTime = $1 }),
        MediaTimingKey("duration", 0.0, range: .nonNegative(), get: { $0.duration }, set: { $0.duration = $1 }),
        MediaTimingKey("speed", Float(1), get: { $0.speed }, set: { $0.speed = $1 }),
        MediaTimingKey("timeOffset", 0.0, get: { $0.timeOffset }, set: { $0.timeOffset = $1 }),
        MediaTimingKey("repeatCount", Float(0), range: .nonNegative(), get: { $0.repeatCount },
                       set: { $0.repeatCount = $1 }),
        MediaTimingKey("repeatDuration", 0.0, range: .nonNegative(), get: { $0.repeatDuration },
                       set: { $0.repeatDuration = $1 }),
        MediaTimingKey("autoreverses", false, get: { $0.autoreverses }, set: { $0.autoreverses = $1 }),
        MediaTimingKey("fillMode", CAMediaTimingFillMode.removed, get: { $0.fillMode }, set: { $0.fillMode = $1 }),
    ].map { ($0.property.key, $0) })
}

extension CAMediaTiming {
    /// The value of a timing property by key; nil when `key` is not one.
    func timingValue(forKey key: String) -> Any? {
        MediaTimingKey.all[key]?.get(self)
    }

    /// Sets a timing property by key; false when `key` is not one. A value
    /// that does not convert to the property's type leaves it as it is.
    func setTimingValue(_ value: Any?, forKey key: String) -> Bool {
        guard let entry = MediaTimingKey.all[key] else { return false }
        if let value { _ = entry.set(self, value) }
        return true
    }
}
