import Foundation
import SwellCore

extension CAAnimation {
    /// A one-line account of the animation in the manner of QuartzCore's
    /// `debugDescription` (`<CABasicAnimation: …; fillMode = both;
    /// timingFunction = easeInEaseOut; duration = 0.3; fromValue = …;
    /// keyPath = position>`): the class, then the properties that differ
    /// from their defaults.
    var inspectionDescription: String {
        var fields: [String] = []
        if let delegate { fields.append("delegate = <\(type(of: delegate))>") }
        if fillMode != .removed { fields.append("fillMode = \(fillMode.rawValue)") }
        if !isRemovedOnCompletion { fields.append("removedOnCompletion = 0") }
        if let timingFunction { fields.append("timingFunction = \(timingFunction)") }
        if beginTime != 0 { fields.append("beginTime = \(describeValue(beginTime))") }
        if duration != 0 { fields.append("duration = \(describeValue(duration))") }
        if let basic = self as? CABasicAnimation {
            if let fromValue = basic.fromValue { fields.append("fromValue = \(describeValue(fromValue))") }
            if let toValue = basic.toValue { fields.append("toValue = \(describeValue(toValue))") }
            if let byValue = basic.byValue { fields.append("byValue = \(describeValue(byValue))") }
        }
        if let keyframe = self as? CAKeyframeAnimation {
            if let keyTimes = keyframe.keyTimes { fields.append("keyTimes = (\(keyTimes.map(describeValue).joined(separator: ", ")))") }
            if let values = keyframe.values { fields.append("values = (\(values.map(describeValue).joined(separator: ", ")))") }
            if let functions = keyframe.timingFunctions {
                fields.append("timingFunctions = (\(functions.map(\.description).joined(separator: ", ")))")
            }
        }
        if let property = self as? CAPropertyAnimation {
            if property.isAdditive { fields.append("additive = 1") }
            if let keyPath = property.keyPath { fields.append("keyPath = \(keyPath)") }
        }
        return "<\(type(of: self)); \(fields.joined(separator: "; "))>"
    }
}

/// A value as the inspection prints it: numbers with `%g`, geometry in
/// Foundation's `NSStringFromCGPoint` style (`{5, 5}`), colours by their
/// sRGB components and transforms by their 2-D part; an optional by what
/// it holds.
func describeValue(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { describeValue($0.value) } ?? "nil"
    }
    func number(_ x: Double) -> String { String(format: "%g", x) }
    switch value {
    case let x as Double: return number(x)
    case let x as CGFloat: return number(Double(x))
    case let x as Float: return number(Double(x))
    case let x as NSNumber: return number(x.doubleValue)
    case let p as CGPoint: return "{\(number(p.x)), \(number(p.y))}"
    case let s as CGSize: return "{\(number(s.width)), \(number(s.height))}"
    case let r as CGRect: return "{\(describeValue(r.origin)), \(describeValue(r.size))}"
    case let c as CGColor: return "rgba(\((c.components ?? []).map { number(Double($0)) }.joined(separator: ", ")))"
    case let t as CATransform3D:
        return "[\([t.m11, t.m12, t.m21, t.m22, t.m41, t.m42].map { number(Double($0)) }.joined(separator: ", "))]"
    default: return "\(value)"
    }
}
