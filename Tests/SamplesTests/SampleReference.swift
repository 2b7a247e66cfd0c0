import Foundation
import TestSupport

// Closed-form references the sample tests compare against, computed here
// independently of SwellCore (the timing curves are TestSupport's
// ReferenceBezier).

/// The value of keyframes `values` at `keyTimes` at fraction `u` of the
/// duration: linear between neighbours, each segment paced by its timing
/// function (nil: linear) — Apple's `CAKeyframeAnimation` with the linear
/// calculation mode.
func sampleKeyframeValue(_ values: [Double], keyTimes: [Double], functions: [ReferenceBezier?] = [],
                         at u: Double) -> Double {
    guard u < keyTimes[keyTimes.count - 1] else { return values[values.count - 1] }
    var segment = 0
    while keyTimes[segment + 1] <= u { segment += 1 }
    var s = (u - keyTimes[segment]) / (keyTimes[segment + 1] - keyTimes[segment])
    if segment < functions.count, let function = functions[segment] { s = function.value(at: s) }
    return values[segment] + (values[segment + 1] - values[segment]) * s
}

/// The circle of radius `r` around the origin as Core Graphics draws an
/// ellipse: four cubic Béziers, counter-clockwise from (r, 0) in y-up
/// coordinates, each a quarter with handles of κ·r, κ = 4(√2 − 1)/3 (the
/// handle length that puts each quarter's midpoint on the circle).
struct SampleBezierCircle {
    let r: Double
    /// The arc length of the first quarter from its start to the end of
    /// each of `cells` equal parameter steps.
    private let cumulative: [Double]
    private static let cells = 1024

    init(r: Double) {
        self.r = r
        var cumulative: [Double] = []
        var total = 0.0
        for cell in 0..<Self.cells {
            let start = Double(cell) / Double(Self.cells)
            total += Self.simpson(r: r, from: start, to: start + 1 / Double(Self.cells))
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    /// The first quarter, from (r, 0) to (0, r), and its derivative, at
    /// parameter s.
    private static func quarter(r: Double, _ s: Double) -> (x: Double, y: Double, dx: Double, dy: Double) {
        let k = 4 * (2.0.squareRoot() - 1) / 3
        let q = 1 - s
        // Control points (r, 0), (r, kr), (kr, r), (0, r).
        let x = r * (q * q * q + 3 * q * q * s + 3 * q * s * s * k)
        let y = r * (3 * q * q * s * k + 3 * q * s * s + s * s * s)
        let dx = r * (-3 * q * q + 3 * q * q - 6 * q * s + (6 * q * s - 3 * s * s) * k)
        let dy = r * ((3 * q * q - 6 * q * s) * k + 6 * q * s - 3 * s * s + 3 * s * s)
        return (x, y, dx, dy)
    }

    /// The arc length of the first quarter between parameters `a` and `b`,
    /// by Simpson's rule on |B′| with four panels (the interval is at most
    /// one cell, 1/1024 of the curve).
    private static func simpson(r: Double, from a: Double, to b: Double) -> Double {
        func speed(_ s: Double) -> Double { let p = quarter(r: r, s); return (p.dx * p.dx + p.dy * p.dy).squareRoot() }
        let h = (b - a) / 4
        return (speed(a) + 4 * speed(a + h) + 2 * speed(a + 2 * h) + 4 * speed(a + 3 * h) + speed(b)) * h / 3
    }

    /// The parameter of the first quarter at arc length `target` from its start.
    private func parameter(atLength target: Double) -> Double {
        let cell = min(cumulative.firstIndex { $0 >= target } ?? Self.cells - 1, Self.cells - 1)
        let start = Double(cell) / Double(Self.cells)
        let before = cell == 0 ? 0 : cumulative[cell - 1]
        var low = start, high = start + 1 / Double(Self.cells)
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if before + Self.simpson(r: r, from: start, to: mid) < target { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The point and the direction of travel (radians) at `fraction` of the
    /// whole length, travelled at constant speed — a paced path animation.
    func pacedLocation(at fraction: Double) -> (x: Double, y: Double, angle: Double) {
        let quarterLength = cumulative[Self.cells - 1]
        let distance = fraction * 4 * quarterLength
        let index = min(Int(distance / quarterLength), 3)
        let p = Self.quarter(r: r, parameter(atLength: distance - Double(index) * quarterLength))
        var point = (x: p.x, y: p.y), tangent = (x: p.dx, y: p.dy)
        // The other quarters are the first turned by index × 90°.
        for _ in 0..<index {
            point = (-point.y, point.x)
            tangent = (-tangent.y, tangent.x)
        }
        return (point.x, point.y, atan2(tangent.y, tangent.x))
    }
}

/// The difference of two angles, wrapped into −π…π.
func sampleAngleDifference(_ a: Double, _ b: Double) -> Double {
    remainder(a - b, 2 * .pi)
}
