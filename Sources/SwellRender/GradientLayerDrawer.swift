import Foundation
import CCairo
import SwellCore

/// `CAGradientLayer` (Apple's CAGradientLayer reference): `colors` at
/// `locations` (``CAGradientLayer/stops(colors:locations:)``), between
/// `startPoint` and `endPoint` in the unit coordinates of the bounds,
/// filling the bounds under the contents (docs/layers.md#cagradientlayer).
/// Past the first and last stops the end colours extend. Like the
/// background, it fills inside the rounded corners: on Apple platforms a
/// gradient button with a `cornerRadius` needs no `masksToBounds`.
struct GradientLayerDrawer: LayerDrawer {
    var placement: LayerDrawingPlacement { .underContents }

    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext) {
        let colors = layer.value(forKey: "colors") as? [CGColor] ?? []
        let stops = CAGradientLayer.stops(colors: colors, locations: layer.value(forKey: "locations") as? [CGFloat])
        let bounds = layer.bounds
        guard !stops.isEmpty, !bounds.isEmpty else { return }
        func point(_ key: String, _ fallback: CGPoint) -> CGPoint {
            let unit = layer.value(forKey: key) as? CGPoint ?? fallback
            return CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        let start = point("startPoint", CGPoint(x: 0.5, y: 0)), end = point("endPoint", CGPoint(x: 0.5, y: 1))
        let ramp = GradientRamp(stops: stops, alpha: context.alpha)
        let pattern: OpaquePointer?
        switch layer.value(forKey: "type") as? CAGradientLayerType {
        case .radial?: pattern = radial(center: start, through: end, ramp)
        case .conic?: pattern = conic(center: start, towards: end, covering: bounds, ramp)
        default: pattern = axial(from: start, to: end, ramp)
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        let cr = context.cairo
        cairo_set_source(cr, pattern)
        cairo_new_path(cr)
        layer.addRoundedBounds(to: cr)
        cairo_fill(cr)
    }

    func paintedBounds(of layer: PresentedLayer) -> CGRect? { layer.bounds }

    /// Along the line from `start` to `end`, constant across it.
    private func axial(from start: CGPoint, to end: CGPoint, _ ramp: GradientRamp) -> OpaquePointer? {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        ramp.addStops(to: pattern)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// Ellipses about `center` whose radii are the x and y distances to
    /// `end`: the last stop is on the ellipse through `end`.
    private func radial(center: CGPoint, through end: CGPoint, _ ramp: GradientRamp) -> OpaquePointer? {
        let rx = abs(end.x - center.x), ry = abs(end.y - center.y)
        guard rx > 0, ry > 0 else { return nil }
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
        ramp.addStops(to: pattern)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // The pattern matrix maps user space to the unit circle's space.
        var toCenter = cairo_matrix_t(), unit = cairo_matrix_t(), matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&toCenter, -center.x, -center.y)
        cairo_matrix_init_scale(&unit, 1 / rx, 1 / ry)
        cairo_matrix_multiply(&matrix, &toCenter, &unit)
        cairo_pattern_set_matrix(pattern, &matrix)
        return pattern
    }

    /// Around `center`, the first stop towards `end`, turning clockwise on
    /// the screen (y down) through a full turn. Cairo has no conic
    /// gradient: it is a mesh of thin sectors, each shaded linearly in
    /// angle between its two edges, reaching past the bounds' corners.
    private func conic(center: CGPoint, towards end: CGPoint, covering bounds: CGRect,
                       _ ramp: GradientRamp) -> OpaquePointer? {
        let first = atan2(end.y - center.y, end.x - center.x)
        let corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                       CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)]
        // Beyond every corner, and far enough out that a chord of one
        // sector does not cut into the bounds.
        let radius = 1.01 * corners.map { hypot($0.x - center.x, $0.y - center.y) }.max()! + 1
        let sectors = 720
        let pattern = cairo_pattern_create_mesh()!
        for k in 0..<sectors {
            let (f0, f1) = (Double(k) / Double(sectors), Double(k + 1) / Double(sectors))
            let (a0, a1) = (first + 2 * .pi * f0, first + 2 * .pi * f1)
            let (c0, c1) = (ramp.color(at: f0), ramp.color(at: f1))
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, center.x + radius * cos(a0), center.y + radius * sin(a0))
            cairo_mesh_pattern_line_to(pattern, center.x + radius * cos(a1), center.y + radius * sin(a1))
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            for (corner, color) in [c0, c0, c1, c1].enumerated() {
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), color[0], color[1], color[2], color[3])
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        return pattern
    }
}

/// A gradient's stops as straight RGBA, each alpha multiplied by the
/// opacity the layer inherits.
private struct GradientRamp {
    let locations: [Double]
    let colors: [[Double]]

    init(stops: [(location: CGFloat, color: CGColor)], alpha: Double) {
        locations = stops.map { Double($0.location) }
        colors = stops.map { stop in
            let c = (stop.color.components ?? [0, 0, 0, 0]).map { min(max(Double($0), 0), 1) }
            return [c[0], c[1], c[2], c[3] * alpha]
        }
    }

    func addStops(to pattern: OpaquePointer?) {
        for (location, c) in zip(locations, colors) {
            cairo_pattern_add_color_stop_rgba(pattern, location, c[0], c[1], c[2], c[3])
        }
    }

    /// The colour at `fraction`, interpolated between the stops around it
    /// as Cairo interpolates an axial gradient's; the end colours outside.
    func color(at fraction: Double) -> [Double] {
        guard let next = locations.firstIndex(where: { $0 > fraction }) else { return colors[colors.count - 1] }
        guard next > 0 else { return colors[0] }
        let (l0, l1) = (locations[next - 1], locations[next])
        let t = l1 > l0 ? (fraction - l0) / (l1 - l0) : 1
        return zip(colors[next - 1], colors[next]).map { $0 + ($1 - $0) * t }
    }
}
