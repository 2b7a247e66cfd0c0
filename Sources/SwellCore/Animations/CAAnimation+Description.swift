/// How an animation prints: Apple's `<CABasicAnimation: 0x…>` in
/// `description`, and in `debugDescription` the key path and the timing a
/// log reader needs, so `print(animation)` and `\(animation)` in Apple's
/// sample code compile and say something useful.
extension CAAnimation: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "<\(type(of: self)): 0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))>"
    }

    public var debugDescription: String {
        var fields: [String] = []
        if let keyPath = (self as? CAPropertyAnimation)?.keyPath { fields.append("keyPath=\(keyPath)") }
        if let basic = self as? CABasicAnimation {
            for (name, value) in [("fromValue", basic.fromValue), ("toValue", basic.toValue), ("byValue", basic.byValue)] {
                if let value { fields.append("\(name)=\(value)") }
            }
        }
        if let count = (self as? CAAnimationGroup)?.animations?.count { fields.append("animations=\(count)") }
        fields += ["beginTime=\(beginTime)", "duration=\(duration)"]
        if speed != 1 { fields.append("speed=\(speed)") }
        if repeatCount != 0 { fields.append("repeatCount=\(repeatCount)") }
        if autoreverses { fields.append("autoreverses") }
        if fillMode != .removed { fields.append("fillMode=\(fillMode.rawValue)") }
        return String(description.dropLast()) + "; " + fields.joined(separator: ", ") + ">"
    }
}
