import Foundation

/// Apple types some array properties as `[NSNumber]` (`lineDashPattern`,
/// `locations`); layers keep them as `[CGFloat]`, a type that animates and
/// travels to render hosts, and convert at the property.
extension Array where Element == CGFloat {
    init(_ numbers: [NSNumber]) {
        self = numbers.map { CGFloat($0.doubleValue) }
    }

    var numbers: [NSNumber] {
        map { NSNumber(value: Double($0)) }
    }
}
