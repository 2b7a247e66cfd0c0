extension CAEmitterLayer {
    /// The particles alive now on the host's clock, as the host's renderer
    /// draws them (see ``CAEmitterParticleSystem``); nil when the layer is
    /// not in a committed, hosted tree — like ``CALayer/presentation()``.
    public func presentedParticles() -> [CAEmitterParticle]? {
        guard let host = renderHost, let snapshot = host.latestSnapshot,
              let index = snapshot.index(ofSerial: serial),
              let system = CAEmitterParticleSystem(record: snapshot.records[index],
                                                   tolerance: host.evaluationTolerance) else { return nil }
        return system.particles(atLayerTime: snapshot.localTime(ofLayerAt: index, hostTime: host.currentTime))
    }
}
