import Foundation

/// Core Graphics' initialisers as Apple's Swift overlay declares them, with
/// the transform as an optional pointer — `CGPath(ellipseIn: rect,
/// transform: nil)` is how Apple's code usually asks for none. They forward
/// to the initialisers taking a `CGAffineTransform`.
extension CGPath {
    public init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    public init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                transform: UnsafePointer<CGAffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                  transform: transform?.pointee ?? .identity)
    }
}
