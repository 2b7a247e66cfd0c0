import Foundation
@testable import SwellCore

/// An emitter layer hosted on a manual clock, emitting from layer time 0.
struct EmitterStage {
    let clock = ManualClock()
    let host: HeadlessHost
    let emitter = CAEmitterLayer()

    init(_ configure: (CAEmitterLayer) -> Void) {
        host = HeadlessHost(clock: clock)
        configure(emitter)
        host.rootLayer = emitter
        CATransaction.flush()
    }

    /// The particles at host time `time`, as the host presents them.
    func particles(at time: Double) -> [CAEmitterParticle] {
        clock.set(time)
        return emitter.presentedParticles() ?? []
    }
}

/// A cell with the given name, birth rate and lifetime.
func makeCell(_ name: String? = nil, birthRate: Float, lifetime: Float,
              _ configure: (CAEmitterCell) -> Void = { _ in }) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = name
    cell.birthRate = birthRate
    cell.lifetime = lifetime
    configure(cell)
    return cell
}

extension CAEmitterParticle {
    var point: SIMD3<Double> { SIMD3(Double(position.x), Double(position.y), Double(zPosition)) }
}

func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
