import Foundation
import CCairo
import SwellCore

/// `CAEmitterLayer` (Apple's CAEmitterLayer reference), as
/// docs/emitter.md#drawing says: each living particle at the layer's
/// time, in the render mode's order, draws its cell's image contents —
/// the part `contentsRect` selects, `contentsScale` pixels a point —
/// centred on its position, scaled by `scale`, turned by `rotation`, its
/// pixels multiplied by its colour. `.additive` adds the particles'
/// colours to each other, so overlaps brighten; the sum is then
/// composited over what is behind. With `preservesDepth` the particles are
/// placed by their depth (``ParticleDepth``). Particles are a pure
/// function of the record and the time, so a frame at one time is always
/// the same.
struct EmitterLayerDrawer: LayerDrawer {
    var placement: LayerDrawingPlacement { .overContents }

    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext) {
        guard let system = CAEmitterParticleSystem(record: layer.record) else { return }
        let additive = system.state.renderMode == .additive
        var particles = system.particles(atLayerTime: layer.localTime)
        if system.state.preservesDepth, let space = layer.particleSpace {
            particles = ParticleDepth.placed(particles, under: space, sorted: !additive)
        }
        guard !particles.isEmpty else { return }
        let cr = context.cairo
        if additive {
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        }
        // Each cell's image converted once a frame. Compared with `==`,
        // which is quick for the one stored image a cell hands every particle.
        var surfaces: [(image: CGImage, surface: ImageSurface)] = []
        for particle in particles {
            guard let image = particle.cell.contents as? CGImage, image.width > 0, image.height > 0 else { continue }
            let surface = surfaces.first { $0.image == image }?.surface ?? ImageSurface(image)
            if !surfaces.contains(where: { $0.surface === surface }) { surfaces.append((image, surface)) }
            draw(particle, image: surface, on: cr, alpha: context.alpha)
        }
        if additive {
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint(cr)
        }
    }

    /// Particles fly anywhere: not bounded.
    func paintedBounds(of layer: PresentedLayer) -> CGRect? { nil }

    private func draw(_ particle: CAEmitterParticle, image: ImageSurface, on cr: OpaquePointer, alpha: Double) {
        let cell = particle.cell
        let part = cell.contentsRect
        let source = CGRect(x: part.minX * Double(image.width), y: part.minY * Double(image.height),
                            width: part.width * Double(image.width), height: part.height * Double(image.height))
        let pointsPerPixel = Double(particle.scale) / Double(cell.contentsScale > 0 ? cell.contentsScale : 1)
        guard source.width > 0, source.height > 0, pointsPerPixel > 0 else { return }
        var rgba = (particle.color.components ?? [1, 1, 1, 1]).map { min(max(Double($0), 0), 1) }
        rgba[3] *= alpha
        guard rgba[3] > 0 else { return }
        let sprite = rgba[0..<3] == [1, 1, 1] ? image : ImageSurface.tinted(image, by: rgba[0..<3] + [1])
        cairo_save(cr)
        cairo_translate(cr, particle.position.x, particle.position.y)
        cairo_rotate(cr, particle.rotation)
        cairo_scale(cr, pointsPerPixel, pointsPerPixel)
        cairo_translate(cr, -source.width / 2, -source.height / 2)
        cairo_rectangle(cr, 0, 0, source.width, source.height)
        cairo_clip(cr)
        cairo_set_source_surface(cr, sprite.pointer, -source.minX, -source.minY)
        cairo_pattern_set_filter(cairo_get_source(cr), pointsPerPixel >= 1 ? filter(cell.magnificationFilter)
                                                                           : filter(cell.minificationFilter))
        cairo_paint_with_alpha(cr, rgba[3])
        cairo_restore(cr)
    }

    private func filter(_ name: String) -> cairo_filter_t {
        name == CALayerContentsFilter.nearest.rawValue ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
    }
}
