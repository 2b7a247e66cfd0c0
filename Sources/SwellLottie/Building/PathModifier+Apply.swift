import Foundation

extension LottiePathModifier {
    /// `path` reshaped by this modifier at a frame.
    func apply(to path: LottieBezier, at frame: Double) -> LottieBezier {
        switch self {
        case .roundCorners(let radius):
            ShapePaths.roundingCorners(path, radius: radius.scalar(at: frame))
        case .zigZag(let zigZag):
            ZigZag.apply(path, size: zigZag.size.scalar(at: frame),
                         ridges: Int(min(max(zigZag.ridges.scalar(at: frame), 0), 1000).rounded()),
                         smooth: zigZag.smooth.scalar(at: frame).rounded() == 2)
        case .puckerBloat(let amount):
            PuckerBloat.apply(path, amount: amount.scalar(at: frame))
        case .offset(let offset):
            OffsetPath.apply(path, amount: offset.amount.scalar(at: frame), join: offset.join,
                             miterLimit: offset.miterLimit.scalar(at: frame))
        }
    }
}
