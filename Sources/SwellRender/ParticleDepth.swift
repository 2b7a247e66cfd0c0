import Foundation
import SwellCore

/// Particles of an emitter layer with `preservesDepth`, which Apple's
/// reference describes as rendering them "as if they directly inhabit the
/// three-dimensional coordinate space of the layer's superlayer".
///
/// The layer's drawing is flattened into its plane like any layer's, so
/// each particle is moved within that plane to where its point in 3D
/// appears: the particle's (x, y, z) is taken through the layer's matrix
/// into the space it is flattened into, and the point of the layer's plane
/// with the same image there is where it is drawn, its size scaled by the
/// perspective at its depth against the plane's at that point. A sprite
/// stays parallel to the layer's plane. Under transforms without depth
/// (z neither moving points nor changing w) nothing changes, as on Apple's
/// platforms; a particle at or behind the eye (w ≤ 0) is not drawn.
///
/// They are then drawn back to front by their depth in that space, unless
/// they are added (`.additive`, where the order does not matter); they are
/// not interleaved with other layers.
enum ParticleDepth {
    /// `particles` as they appear in the plane of a layer whose matrix into
    /// its particles' space is `m`, back to front when `sorted`.
    static func placed(_ particles: [CAEmitterParticle], under m: CATransform3D,
                       sorted: Bool) -> [CAEmitterParticle] {
        let plane = Homography(plane: m)
        guard let toPlane = plane.inverse else { return [] }
        var placed: [(particle: CAEmitterParticle, depth: Double)] = []
        for var particle in particles {
            let (x, y, z) = (Double(particle.position.x), Double(particle.position.y), Double(particle.zPosition))
            let image = SIMD4(x * m.m11 + y * m.m21 + z * m.m31 + m.m41, x * m.m12 + y * m.m22 + z * m.m32 + m.m42,
                              x * m.m13 + y * m.m23 + z * m.m33 + m.m43, x * m.m14 + y * m.m24 + z * m.m34 + m.m44)
            guard image.w > 0 else { continue }
            let back = toPlane.homogeneous(image.x / image.w, image.y / image.w)
            guard back.z != 0 else { continue }
            let point = CGPoint(x: back.x / back.z, y: back.y / back.z)
            let planeW = plane.w(point)
            guard planeW > 0 else { continue }
            particle.position = point
            particle.scale *= CGFloat(planeW / image.w)
            placed.append((particle, image.z / image.w))
        }
        if sorted {
            return placed.indices.sorted { (placed[$0].depth, $0) < (placed[$1].depth, $1) }.map { placed[$0].particle }
        }
        return placed.map(\.particle)
    }
}
