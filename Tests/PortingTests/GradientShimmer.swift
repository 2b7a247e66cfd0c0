import Foundation
import SwellCore
import Testing

// A loading shimmer: a gradient whose `locations` sweep across, with
// arrays of numbers and of CGColor as Apple's code writes them. Waits for
// CAGradientLayer. No edits.

func addShimmer(to view: CALayer) -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = view.bounds
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)
    let light = CGColor(gray: 1, alpha: 0.1), dark = CGColor(gray: 1, alpha: 0.6)
    gradient.colors = [light, dark, light]
    gradient.locations = [0, 0.5, 1]
    view.addSublayer(gradient)

    let sweep = CABasicAnimation(keyPath: "locations")
    sweep.fromValue = [-1.0, -0.5, 0.0]
    sweep.toValue = [1.0, 1.5, 2.0]
    sweep.duration = 1.5
    sweep.repeatCount = .infinity
    gradient.add(sweep, forKey: "shimmer")
    return gradient
}

@Test func theShimmersLocationsSweep() throws {
    let stage = PortingStage()
    let gradient = addShimmer(to: stage.view)
    CATransaction.flush()
    stage.clock.set(0.75)
    let locations = try #require(gradient.presentation()?.locations)
    #expect(locations.map(\.doubleValue) == [0, 0.5, 1])
}
