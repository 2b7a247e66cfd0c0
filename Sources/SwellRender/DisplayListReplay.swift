import Foundation
import CCairo
import SwellCore

/// Replays a `CGContext` recording — what a layer's `draw(in:)` drew —
/// onto Cairo: the one place that knows every kind of recorded operation.
enum DisplayListReplay {
    /// Paints `recording` in `context`, whose user space is the recording's
    /// coordinate space. Saves and restores Cairo's state around it, so the
    /// recording's clips end with it.
    static func replay(_ recording: CGContext.Recording, in context: LayerDrawingContext) {
        let cr = context.cairo
        cairo_save(cr)
        var depth = 0
        for operation in recording.operations {
            switch operation {
            case .saveGState:
                cairo_save(cr)
                depth += 1
            case .restoreGState:
                guard depth > 0 else { continue }
                cairo_restore(cr)
                depth -= 1
            case let .fill(path, rule, color):
                context.fill(path, rule: rule, color: color)
            case let .stroke(path, style, color):
                context.stroke(path, style: style, color: color)
            case let .clip(path, rule):
                context.clip(path, rule: rule)
            case let .layerTree(tree):
                Compositor.composite(tree, in: context)
            }
        }
        for _ in 0..<depth { cairo_restore(cr) }
        cairo_restore(cr)
    }
}
