import Foundation
import SwellCore

// The guide's chapter on layer geometry: `anchorPoint` as the pivot of a
// rotation, and `zPosition` reordering siblings.

/// The time the clock figure shows, fixed so the picture is the same on
/// every run: 10:08:37.
let galleryClockTime = DateComponents(hour: 10, minute: 8, second: 37)

extension GallerySection {
    /// Listings 3.1–3.2, figures 3.6–3.7: three hands rotated by the time.
    /// About their default anchor point (left) they spin around their own
    /// middles; with `anchorPoint` (0.5, 0.9) (right) they turn about the
    /// face's centre, where `position` puts that point.
    static var anchorPointClock: GallerySection {
        GallerySection(name: "anchor-point-clock", caption: "anchorPoint: the clock", width: 520, height: 270) { view in
            for (index, adjusted) in [false, true].enumerated() {
                let centre = CGPoint(x: 130 + 260 * CGFloat(index), y: 125)
                let (hourHand, minuteHand, secondHand) = clock(centredAt: centre, in: view)
                if adjusted {
                    // adjust anchor points
                    secondHand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
                    minuteHand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
                    hourHand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
                }
                tick(hourHand: hourHand, minuteHand: minuteHand, secondHand: secondHand)
                galleryLabel(adjusted ? "anchorPoint (0.5, 0.9)" : "default anchorPoint", centeredAt:
                    CGPoint(x: centre.x, y: 255), in: view)
            }
        }
    }

    /// The face and the hands of figure 3.4, laid out as in figure 3.5: each
    /// hand's `position` at the face's centre.
    private static func clock(centredAt centre: CGPoint, in view: CALayer)
        -> (hourHand: CALayer, minuteHand: CALayer, secondHand: CALayer) {
        let face = CAShapeLayer()
        face.frame = CGRect(x: centre.x - 100, y: centre.y - 100, width: 200, height: 200)
        let marks = CGMutablePath()
        marks.addEllipse(in: CGRect(x: 2, y: 2, width: 196, height: 196))
        for hour in 0..<12 {
            let angle = CGFloat(hour) / 12 * 2 * .pi
            let (dx, dy) = (sin(angle), -cos(angle))
            marks.move(to: CGPoint(x: 100 + 84 * dx, y: 100 + 84 * dy))
            marks.addLine(to: CGPoint(x: 100 + 94 * dx, y: 100 + 94 * dy))
        }
        face.path = marks
        face.fillColor = GalleryColor.white
        face.strokeColor = CGColor(gray: 0.3, alpha: 1)
        face.lineWidth = 3
        view.addSublayer(face)
        func hand(width: CGFloat, length: CGFloat, color: CGColor) -> CALayer {
            let hand = CALayer()
            hand.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            hand.position = centre
            hand.backgroundColor = color
            hand.cornerRadius = width / 2
            view.addSublayer(hand)
            return hand
        }
        let ink = CGColor(gray: 0.15, alpha: 1)
        return (hand(width: 10, length: 60, color: ink), hand(width: 7, length: 88, color: ink),
                hand(width: 3, length: 100, color: GalleryColor.red))
    }

    /// Listing 3.1's `tick`: each hand turned by its share of a turn.
    private static func tick(hourHand: CALayer, minuteHand: CALayer, secondHand: CALayer) {
        // convert time to hours, minutes and seconds
        let components = galleryClockTime
        let hoursAngle = CGFloat(components.hour!) / 12.0 * .pi * 2.0
        // calculate minute hand angle
        let minsAngle = CGFloat(components.minute!) / 60.0 * .pi * 2.0
        // calculate second hand angle
        let secsAngle = CGFloat(components.second!) / 60.0 * .pi * 2.0
        // rotate hands
        hourHand.setAffineTransform(CGAffineTransform(rotationAngle: hoursAngle))
        minuteHand.setAffineTransform(CGAffineTransform(rotationAngle: minsAngle))
        secondHand.setAffineTransform(CGAffineTransform(rotationAngle: secsAngle))
    }

    /// Listing 3.3, figures 3.8–3.9: the green view comes first in its
    /// superlayer, so it is drawn behind the red one — until its
    /// `zPosition` of 1 brings it forward.
    static var zPosition: GallerySection {
        GallerySection(name: "z-position", caption: "zPosition", width: 460, height: 250) { view in
            for (index, raised) in [false, true].enumerated() {
                let x = 30 + 230 * CGFloat(index)
                let greenView = galleryView(CGRect(x: x, y: 30, width: 110, height: 110), color: GalleryColor.green, in: view)
                galleryView(CGRect(x: x + 60, y: 80, width: 110, height: 110), color: GalleryColor.red, in: view)
                if raised {
                    // move the green view zPosition nearer to the camera
                    greenView.zPosition = 1.0
                }
                galleryLabel(raised ? "green zPosition = 1" : "zPosition 0", centeredAt: CGPoint(x: x + 85, y: 225), in: view)
            }
        }
    }
}
