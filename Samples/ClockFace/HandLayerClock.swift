import Foundation
import SwellCore

/// The article's first clock: a `CAShapeLayer` face with two hand layers,
/// each a `CAShapeLayer` rectangle standing on the face's centre, turned by
/// its `affineTransform`. Setting `time` sets the two transforms, and each
/// change runs CALayer's implicit animation of `transform` — no new
/// animatable property is needed, which is the article's point before it
/// draws the clock itself.
final class HandLayerClock: CAShapeLayer {
    let hourHand = CAShapeLayer()
    let minuteHand = CAShapeLayer()

    /// Read in UTC, so that the sample draws the same clock everywhere.
    var time = Date(timeIntervalSince1970: 0) {
        didSet {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let components = calendar.dateComponents([.hour, .minute], from: time)
            hourHand.setAffineTransform(CGAffineTransform(rotationAngle: Double(components.hour!) / 12 * 2 * .pi))
            minuteHand.setAffineTransform(CGAffineTransform(rotationAngle: Double(components.minute!) / 60 * 2 * .pi))
        }
    }

    override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        path = CGPath(ellipseIn: bounds, transform: nil)
        fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        lineWidth = 4
        for (hand, rect) in [(hourHand, CGRect(x: -2, y: -70, width: 4, height: 70)),
                             (minuteHand, CGRect(x: -1, y: -90, width: 2, height: 90))] {
            hand.path = CGPath(rect: rect, transform: nil)
            hand.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            hand.position = CGPoint(x: bounds.midX, y: bounds.midY)
            addSublayer(hand)
        }
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }
}
