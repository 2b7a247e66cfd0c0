import Foundation

/// A Gaussian blur of an 8-bit alpha image, separable: a row pass, then a
/// column pass, each with the kernel `exp(−k²/2σ²)` sampled at whole
/// pixels out to 3σ and normalised. A shadow's edge then follows the
/// Gaussian's integral, ½(1 + erf(d / σ√2)) at distance d from the shape's
/// edge.
enum GaussianBlur {
    /// The normalised kernel for `sigma` pixels, from −r to r.
    static func kernel(sigma: Double) -> [Float] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return weights.map { Float($0 / total) }
    }

    /// Blurs `surface` (A8) in place. A σ below a tenth of a pixel leaves it
    /// as it is.
    static func blur(_ surface: ImageSurface, sigma: Double) {
        guard sigma >= 0.1 else { return }
        let weights = kernel(sigma: sigma)
        let radius = weights.count / 2
        let (width, height, stride) = (surface.width, surface.height, surface.stride)
        var work = [Float](repeating: 0, count: width * height)
        surface.withMutableBytes { bytes in
            work.withUnsafeMutableBufferPointer { work in
                weights.withUnsafeBufferPointer { w in
                    // Rows: bytes → work.
                    for y in 0..<height {
                        let row = bytes + y * stride
                        for x in 0..<width {
                            var sum: Float = 0
                            for k in max(-radius, -x)...min(radius, width - 1 - x) {
                                sum += w[k + radius] * Float(row[x + k])
                            }
                            work[y * width + x] = sum
                        }
                    }
                    // Columns: work → bytes.
                    for y in 0..<height {
                        let row = bytes + y * stride
                        let low = max(-radius, -y), high = min(radius, height - 1 - y)
                        for x in 0..<width {
                            var sum: Float = 0
                            for k in low...high {
                                sum += w[k + radius] * work[(y + k) * width + x]
                            }
                            row[x] = UInt8(min(max(sum.rounded(), 0), 255))
                        }
                    }
                }
            }
        }
    }
}
