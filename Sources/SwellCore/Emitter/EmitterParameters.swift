import Foundation

/// The emitter layer's multipliers and shape at one layer time.
struct EmitterLayerParameters {
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
    var center = SIMD3<Double>.zero, size = SIMD3<Double>.zero

    init(_ value: (String) -> (any Animatable)?) {
        func number(_ key: String, _ fallback: Double) -> Double {
            value(key).flatMap(ValueCoercion.number) ?? fallback
        }
        birthRate = number("birthRate", 1)
        lifetime = number("lifetime", 1)
        velocity = number("velocity", 1)
        scale = number("scale", 1)
        spin = number("spin", 1)
        let position = value("emitterPosition") as? CGPoint ?? .zero
        let size = value("emitterSize") as? CGSize ?? .zero
        center = SIMD3(Double(position.x), Double(position.y), number("emitterZPosition", 0))
        self.size = SIMD3(Double(size.width), Double(size.height), number("emitterDepth", 0))
    }
}

/// A cell's attributes at one layer time, as numbers.
struct EmitterCellParameters {
    var isEnabled: Bool
    var birthRate, lifetime, lifetimeRange: Double
    var latitude, longitude, range: Double
    var velocity, velocityRange: Double
    var acceleration: SIMD3<Double>
    var scale, scaleRange, scaleSpeed: Double
    var spin, spinRange: Double
    var color, colorRange, colorSpeed: SIMD4<Double>

    init(_ value: (String) -> (any Animatable)?) {
        func number(_ key: String) -> Double { value(key).flatMap(ValueCoercion.number) ?? 0 }
        func rgba(_ suffix: String) -> SIMD4<Double> {
            SIMD4(number("red" + suffix), number("green" + suffix), number("blue" + suffix), number("alpha" + suffix))
        }
        isEnabled = value("enabled") as? Bool ?? true
        birthRate = number("birthRate")
        lifetime = number("lifetime")
        lifetimeRange = number("lifetimeRange")
        latitude = number("emissionLatitude")
        longitude = number("emissionLongitude")
        range = number("emissionRange")
        velocity = number("velocity")
        velocityRange = number("velocityRange")
        acceleration = SIMD3(number("xAcceleration"), number("yAcceleration"), number("zAcceleration"))
        scale = number("scale")
        scaleRange = number("scaleRange")
        scaleSpeed = number("scaleSpeed")
        spin = number("spin")
        spinRange = number("spinRange")
        // A cell without a colour draws its contents unchanged: white.
        let components = ((value("color") as? CGColor?) ?? nil)?.components ?? [1, 1, 1, 1]
        color = SIMD4(components.map(Double.init))
        colorRange = rgba("Range")
        colorSpeed = rgba("Speed")
    }

    /// The longest a particle can live, in the cell's seconds.
    func longestLifetime(_ layer: EmitterLayerParameters) -> Double {
        max(0, (lifetime + Swift.abs(lifetimeRange)) * layer.lifetime)
    }
}
