import SwellSession

/// `--size WxH`: a canvas size in points.
package struct CanvasSize: Hashable, Sendable {
    package let width: Int
    package let height: Int

    /// `640x360` (or `640×360`): two whole numbers of points from 1 to the
    /// most pixels a side may have.
    package init(parsing text: String) throws {
        let sides = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
              (1...Canvas.maximumPixels).contains(width), (1...Canvas.maximumPixels).contains(height)
        else {
            throw AutomationError("invalid size '\(text)': expected WxH in points, e.g. 640x360, "
                                  + "each from 1 to \(Canvas.maximumPixels)")
        }
        self.width = width
        self.height = height
    }
}
