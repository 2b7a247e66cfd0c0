import Foundation

extension LottiePathModifier {
    /// `path` reshaped by this modifier at a frame.
    func apply(to path: LottieBezier, at frame: Double) -> LottieBezier {
        switch self {
        case .roundCorners(let radius):
            ShapePaths.roundingCorners(path, radius: radius.scalar(at: frame))
        }
    }
}
