import Foundation

/// A layer's `contents` as render hosts receive it in a ``LayerRecord``:
/// an image, or the drawing its `display()` recorded.
///
/// `CALayer.contents` is `Any?`, as in QuartzCore; at commit the values a
/// renderer can draw become this `Sendable` form, and anything else is
/// left out (nil).
public enum LayerContents: Sendable, Equatable {
    /// A bitmap, drawn into the rectangle that `contentsGravity` gives for
    /// its size in points (pixels ÷ `contentsScale`), showing the part
    /// `contentsRect` selects, stretched by `contentsCenter`.
    case image(CGImage)
    /// The operations a ``CGContext`` recorded, in the layer's coordinates
    /// (a context made by `display()` is the size of the bounds).
    case drawing(CGContext.Recording)

    /// The drawable form of a `contents` value: a ``CGImage``, a
    /// ``CGContext``'s recording, or a value already in this form.
    init?(_ contents: Any?) {
        switch contents {
        case let image as CGImage: self = .image(image)
        case let context as CGContext: self = .drawing(context.recording)
        case let contents as LayerContents: self = contents
        default: return nil
        }
    }
}
