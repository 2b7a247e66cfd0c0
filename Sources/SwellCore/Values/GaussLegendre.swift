import Foundation

/// Gauss–Legendre quadrature of order 10: exact for polynomials of degree
/// up to 19, and the workhorse of Bézier arc length, whose integrand
/// |B′(t)| is the square root of a polynomial.
enum GaussLegendre {
    static let order = 10

    /// Nodes on −1…1 and their weights, found once by Newton's method on the
    /// Legendre polynomial Pₙ (Numerical Recipes' `gauleg`), so no table of
    /// constants has to be trusted.
    static let rule: (nodes: [Double], weights: [Double]) = {
        var nodes: [Double] = [], weights: [Double] = []
        let n = order
        for i in 1...n {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var slope = 0.0
            for _ in 0..<100 {
                // Pₙ(x) and Pₙ₋₁(x) by the three-term recurrence.
                var (previous, current) = (1.0, x)
                for k in 2...n {
                    (previous, current) = (current, ((2 * Double(k) - 1) * x * current - Double(k - 1) * previous) / Double(k))
                }
                slope = Double(n) * (x * current - previous) / (x * x - 1)
                let step = current / slope
                x -= step
                if abs(step) < 1e-16 { break }
            }
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * slope * slope))
        }
        return (nodes, weights)
    }()

    /// ∫ₐᵇ f.
    static func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in zip(rule.nodes, rule.weights) {
            sum += weight * f(middle + half * node)
        }
        return sum * half
    }
}
