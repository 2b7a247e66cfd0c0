/// Key-value coding of the timing properties, shared by every timed object
/// that takes string keys: ``CALayer`` and ``CAEmitterCell``
/// (`setValue(2, forKey: "speed")`, as Apple's key-value coding allows on
/// both).
extension CAMediaTiming {
    /// The value of a timing property by key; nil when `key` is not one.
    func timingValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode
        default: nil
        }
    }

    /// Sets a timing property by key; false when `key` is not one.
    func setTimingValue(_ value: Any?, forKey key: String) -> Bool {
        let number = value.flatMap(ValueCoercion.number)
        switch key {
        case "beginTime": number.map { beginTime = $0 }
        case "duration": number.map { duration = $0 }
        case "speed": number.map { speed = Float($0) }
        case "timeOffset": number.map { timeOffset = $0 }
        case "repeatCount": number.map { repeatCount = Float($0) }
        case "repeatDuration": number.map { repeatDuration = $0 }
        case "autoreverses": (value as? Bool).map { autoreverses = $0 }
        case "fillMode": (value as? CAMediaTimingFillMode).map { fillMode = $0 }
        default: return false
        }
        return true
    }
}
