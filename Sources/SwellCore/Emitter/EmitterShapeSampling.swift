import Foundation

/// Where on the emitter shape a particle is born, by Apple's "Emitter
/// Shape" geometry and Swell's reading of the modes (docs/emitter.md#shapes):
/// `points` are the shape's corners, `outline` its edges, `surface` its
/// area, `volume` its inside. Points on a curve, an area or a volume are
/// uniform in length, area or volume.
struct EmitterGeometry {
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    /// (emitterPosition, emitterZPosition).
    var center: SIMD3<Double>
    /// (emitterSize.width, emitterSize.height, emitterDepth).
    var size: SIMD3<Double>

    /// The birth position of the particle whose numbers `random` draws.
    func birthPosition(_ random: ParticleRandom) -> SIMD3<Double> {
        let u = SIMD3(random.unit(.shapeX), random.unit(.shapeY), random.unit(.shapeZ))
        let sides = SIMD3(random.unit(.sideX), random.unit(.sideY), random.unit(.sideZ))
        // -½ or +½ on each axis: a corner of the unit box.
        let corner = SIMD3<Double>(repeating: -0.5).replacing(with: 0.5, where: sides .>= 0.5)
        switch shape {
        case .line:
            return center + SIMD3(size.x * (mode == .points ? corner.x : u.x - 0.5), 0, 0)
        case .rectangle, .cuboid:
            let extent = shape == .rectangle ? SIMD3(size.x, size.y, 0) : size
            return center + extent * box(extent, u: u, corner: corner, pick: random.unit(.shapePick))
        case .circle:
            return center + disc(radius: size.x, u)
        case .sphere:
            return center + ball(radius: size.x, u)
        default:
            return center
        }
    }

    /// A point of the unit box centred on the origin, to be scaled by
    /// `extent` (a rectangle when its z extent is 0): a corner, a point on
    /// an edge or a face (chosen with `pick` by length or area), or inside.
    private func box(_ extent: SIMD3<Double>, u: SIMD3<Double>, corner: SIMD3<Double>, pick: Double) -> SIMD3<Double> {
        let inside = u - 0.5
        switch mode {
        case .points:
            return corner
        case .outline:
            // An edge along `axis` runs the length of the box on that axis
            // and sits at a corner on the others.
            let axis = weightedAxis([extent.x, extent.y, extent.z], pick)
            var point = corner
            point[axis] = inside[axis]
            return point
        case .surface where extent.z > 0:
            // A face normal to `axis` sits at a corner on that axis and
            // spans the others.
            let axis = weightedAxis([extent.y * extent.z, extent.x * extent.z, extent.x * extent.y], pick)
            var point = inside
            point[axis] = corner[axis]
            return point
        default:
            return inside
        }
    }

    /// The axis `pick` (uniform in [0, 1)) falls on when each axis has the
    /// share `weights[axis]` of the whole.
    private func weightedAxis(_ weights: [Double], _ pick: Double) -> Int {
        var remaining = pick * weights.reduce(0, +)
        for axis in 0..<2 where weights[axis] > 0 {
            remaining -= weights[axis]
            if remaining < 0 { return axis }
        }
        return weights[2] > 0 ? 2 : (weights[1] > 0 ? 1 : 0)
    }

    /// A point of a circle of `radius` in the xy plane: on it for
    /// `outline`, inside it for `surface` and `volume`, its centre for `points`.
    private func disc(radius: Double, _ u: SIMD3<Double>) -> SIMD3<Double> {
        let angle = 2 * Double.pi * u.x
        switch mode {
        case .points: return .zero
        case .outline: return SIMD3(radius * cos(angle), radius * sin(angle), 0)
        default:
            let r = radius * u.y.squareRoot()
            return SIMD3(r * cos(angle), r * sin(angle), 0)
        }
    }

    /// A point of a sphere of `radius`: its equator for `outline`, its
    /// surface for `surface`, inside it for `volume`, its centre for `points`.
    private func ball(radius: Double, _ u: SIMD3<Double>) -> SIMD3<Double> {
        switch mode {
        case .points: return .zero
        case .outline: return disc(radius: radius, u)
        default:
            let cosPolar = 2 * u.y - 1
            let sinPolar = (1 - cosPolar * cosPolar).squareRoot()
            let angle = 2 * Double.pi * u.x
            let r = mode == .surface ? radius : radius * cbrt(u.z)
            return SIMD3(r * sinPolar * cos(angle), r * sinPolar * sin(angle), r * cosPolar)
        }
    }
}
