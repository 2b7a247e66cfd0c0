import Foundation

/// One evaluation of a particle system: walks the cells, finds the
/// particles born early enough to be alive (or to have living descendants)
/// and computes each in closed form.
struct Emission {
    let system: CAEmitterParticleSystem
    /// Whether any layer property is animated; if not, parameters are
    /// evaluated once per cell.
    private let isAnimated: Bool
    private var constantLayer: EmitterLayerParameters?
    private var constantCells: [ObjectIdentifier: EmitterCellParameters] = [:]
    private(set) var particles: [CAEmitterParticle] = []

    init(system: CAEmitterParticleSystem) {
        self.system = system
        isAnimated = !system.record.tracks.isEmpty
    }

    // MARK: Parameters

    private mutating func layerParameters(at time: Double) -> EmitterLayerParameters {
        if !isAnimated, let constantLayer { return constantLayer }
        let parameters = EmitterLayerParameters { system.layerValue($0, at: time) }
        if !isAnimated { constantLayer = parameters }
        return parameters
    }

    private mutating func cellParameters(_ cell: EmitterCellState, at time: Double) -> EmitterCellParameters {
        let id = ObjectIdentifier(cell)
        if !isAnimated, let constant = constantCells[id] { return constant }
        let parameters = EmitterCellParameters { system.cellValue(cell, $0, at: time) }
        if !isAnimated { constantCells[id] = parameters }
        return parameters
    }

    /// How long before now a particle of `cell` may have been born and
    /// still be alive or have living descendants.
    private mutating func lookback(_ cell: EmitterCellState, _ layer: EmitterLayerParameters, at time: Double) -> Double {
        var longestChild = 0.0
        for child in cell.emitterCells { longestChild = max(longestChild, lookback(child, layer, at: time)) }
        return cellParameters(cell, at: time).longestLifetime(layer) + longestChild
    }

    // MARK: Emission

    /// Emits `cells` from `source`, appending the living particles and
    /// recursing into the sub-cells of every particle that has them.
    mutating func emit(_ cells: [EmitterCellState], from source: Source) {
        for (index, cell) in cells.enumerated() {
            emit(cell, index: index, from: source)
        }
    }

    private mutating func emit(_ cell: EmitterCellState, index: Int, from source: Source) {
        let timing = cell.timing
        // A paused or reversed cell emits nothing: its clock never reaches
        // a birth.
        guard timing.speed > 0 else { return }
        let activeEnd = timing.activeDuration.isFinite ? timing.beginTime + timing.activeDuration / timing.speed : .infinity
        let firstBirth = timing.localTime(fromParent: max(source.start, timing.beginTime))
        let stop = timing.localTime(fromParent: min(source.end, activeEnd))
        let now = timing.localTime(fromParent: source.now)
        let lastBirth = min(now, stop)
        guard lastBirth >= firstBirth else { return }
        let layerTime = { (local: Double) in source.origin + source.scale * timing.parentTime(fromLocal: local) }
        let nowLayer = layerTime(now)
        var horizon = now - lookback(cell, layerParameters(at: nowLayer), at: nowLayer)

        let slot = CAEmitterParticleSystem.slotLength
        var k = (lastBirth / slot).rounded(.down)
        while k >= (max(firstBirth, horizon) / slot).rounded(.down) {
            let slotStart = max(k * slot, firstBirth)
            let slotEnd = min((k + 1) * slot, stop)
            defer { k -= 1 }
            guard slotEnd > slotStart else { continue }
            let when = layerTime(slotStart)
            let layer = layerParameters(at: when)
            let parameters = cellParameters(cell, at: when)
            let rate = parameters.birthRate * layer.birthRate
            guard parameters.isEnabled, rate > 0, rate.isFinite else { continue }
            horizon = min(horizon, now - lookback(cell, layer, at: when))
            let first = (slotStart * rate).rounded(.up)
            var n = (slotEnd * rate).rounded(.up) - 1
            // Youngest first, so that a slot's unborn particles are skipped
            // at once.
            while n >= first {
                defer { n -= 1 }
                let birth = n / rate
                guard birth <= now else { continue }
                let random = source.random.particle(cell: index, slot: Int64(k), index: Int64(n))
                make(cell, random: random, age: now - birth, layer: layer, parameters: parameters,
                     source: source, birthSourceTime: timing.parentTime(fromLocal: birth),
                     ageScale: source.scale / timing.speed)
            }
        }
    }

    /// Computes the particle `random` names, born at `birthSourceTime` of
    /// its source and `age` seconds old (on its cell's clock, of which a
    /// second is `ageScale` seconds of layer time), keeps it if alive, and
    /// emits its sub-cells.
    private mutating func make(_ cell: EmitterCellState, random: ParticleRandom, age: Double,
                               layer: EmitterLayerParameters, parameters p: EmitterCellParameters,
                               source: Source, birthSourceTime: Double, ageScale: Double) {
        let birthLayerTime = source.origin + source.scale * birthSourceTime
        let lifetime = max(0, (p.lifetime + p.lifetimeRange * random.symmetric(.lifetime)) * layer.lifetime)
        let start: SIMD3<Double>
        if let parent = source.trajectory {
            start = parent.position(at: birthSourceTime)
        } else {
            start = EmitterGeometry(shape: system.state.emitterShape, mode: system.state.emitterMode,
                                    center: layer.center, size: layer.size).birthPosition(random)
        }
        let speed = (p.velocity + p.velocityRange * random.symmetric(.velocity)) * layer.velocity
        let trajectory = Trajectory(start: start, velocity: direction(p, random) * speed, acceleration: p.acceleration)

        if age < lifetime {
            let scale = max(0, p.scale + p.scaleRange * random.symmetric(.scale) + p.scaleSpeed * age) * layer.scale
            let spin = (p.spin + p.spinRange * random.symmetric(.spin)) * layer.spin
            let offsets = SIMD4(random.symmetric(.red), random.symmetric(.green), random.symmetric(.blue),
                                random.symmetric(.alpha))
            let rgba = (p.color + p.colorRange * offsets + p.colorSpeed * age).clamped(
                lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            let position = trajectory.position(at: age)
            particles.append(CAEmitterParticle(
                position: CGPoint(x: position.x, y: position.y), zPosition: position.z,
                velocity: trajectory.velocity(at: age), scale: scale, rotation: spin * age,
                color: CGColor(red: rgba.x, green: rgba.y, blue: rgba.z, alpha: rgba.w),
                birthTime: birthLayerTime, age: age, lifetime: lifetime, cell: cell, identity: random.identity))
        }
        guard !cell.emitterCells.isEmpty else { return }
        // The particle emits its sub-cells on its own clock, its age, while
        // it lives; their particles outlive it.
        emit(cell.emitterCells, from: Source(origin: birthLayerTime, scale: ageScale, start: 0, end: lifetime,
                                             now: age, random: random, trajectory: trajectory))
    }

    /// A unit vector uniformly distributed over the solid angle of the
    /// cone of apex angle `range` around the emission direction
    /// (`emissionLongitude` in the xy plane from +x, `emissionLatitude`
    /// out of it towards +z).
    private func direction(_ p: EmitterCellParameters, _ random: ParticleRandom) -> SIMD3<Double> {
        let axis = SIMD3(cos(p.latitude) * cos(p.longitude), cos(p.latitude) * sin(p.longitude), sin(p.latitude))
        let halfAngle = min(Swift.abs(p.range) / 2, .pi)
        guard halfAngle > 0 else { return axis }
        let cosTheta = 1 - random.unit(.coneAngle) * (1 - cos(halfAngle))
        let sinTheta = (1 - cosTheta * cosTheta).squareRoot()
        let turn = 2 * Double.pi * random.unit(.coneTurn)
        // Two unit vectors perpendicular to the axis and to each other.
        let helper = Swift.abs(axis.z) < 0.9 ? SIMD3<Double>(0, 0, 1) : SIMD3<Double>(1, 0, 0)
        let u = normalize(cross(helper, axis))
        let v = cross(axis, u)
        return axis * cosTheta + (u * cos(turn) + v * sin(turn)) * sinTheta
    }

    private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private func normalize(_ a: SIMD3<Double>) -> SIMD3<Double> {
        a / (a * a).sum().squareRoot()
    }
}
