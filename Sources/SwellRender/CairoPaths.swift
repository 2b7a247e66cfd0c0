import Foundation
import CCairo
import SwellCore

/// Paths and colours handed to Cairo.
enum CairoPaths {
    /// Replaces Cairo's current path with `path` (in user space).
    static func set(_ path: PathValue, on cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in path.elements {
            let p = element.points
            switch element.type {
            case .moveToPoint: cairo_move_to(cr, p[0].x, p[0].y)
            case .addLineToPoint: cairo_line_to(cr, p[0].x, p[0].y)
            case .addQuadCurveToPoint:
                // The cubic with the same curve: control points 2/3 of the
                // way from each end to the quadratic's control point.
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(cr, x0 + 2 / 3 * (p[0].x - x0), y0 + 2 / 3 * (p[0].y - y0),
                               p[1].x + 2 / 3 * (p[0].x - p[1].x), p[1].y + 2 / 3 * (p[0].y - p[1].y),
                               p[1].x, p[1].y)
            case .addCurveToPoint: cairo_curve_to(cr, p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y)
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }

    /// Adds a rectangle with the corners in `corners` rounded by circular
    /// arcs of `radius` (already clamped to half the shorter side), as a
    /// closed subpath running clockwise on the screen.
    static func addRoundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, to cr: OpaquePointer) {
        guard radius > 0, !corners.isEmpty else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        func r(_ corner: CACornerMask) -> Double { corners.contains(corner) ? radius : 0 }
        let (topLeft, topRight) = (r(.layerMinXMinYCorner), r(.layerMaxXMinYCorner))
        let (bottomLeft, bottomRight) = (r(.layerMinXMaxYCorner), r(.layerMaxXMaxYCorner))
        cairo_new_sub_path(cr)
        // A zero radius adds a line to the corner itself.
        cairo_arc(cr, rect.maxX - topRight, rect.minY + topRight, topRight, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - bottomRight, rect.maxY - bottomRight, bottomRight, 0, .pi / 2)
        cairo_arc(cr, rect.minX + bottomLeft, rect.maxY - bottomLeft, bottomLeft, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + topLeft, rect.minY + topLeft, topLeft, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Sets the source to `color` with its alpha multiplied by `alpha`;
    /// false (nothing to paint) when the result is transparent.
    @discardableResult
    static func setSource(_ color: CGColor?, alpha: Double, on cr: OpaquePointer) -> Bool {
        guard let color, let c = color.components else { return false }
        let a = clamp(c[3]) * alpha
        guard a > 0 else { return false }
        cairo_set_source_rgba(cr, clamp(c[0]), clamp(c[1]), clamp(c[2]), a)
        return true
    }

    static func setMatrix(_ t: CGAffineTransform, on cr: OpaquePointer) {
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &matrix)
    }

    static func fillRule(_ rule: CGPathFillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }

    private static func clamp(_ x: CGFloat) -> Double { min(max(Double(x), 0), 1) }
}
