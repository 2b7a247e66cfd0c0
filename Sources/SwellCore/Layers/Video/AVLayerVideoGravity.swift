import Foundation

/// How a ``VideoLayer`` fits the video into its bounds — AVFoundation's
/// `AVLayerVideoGravity`.
///
/// The names are the Swift ones (`resizeAspect`), as scripts write
/// Core Animation's constants by their Swift names; each places the
/// picture as the `CALayerContentsGravity` of the same name places
/// `contents`.
public struct AVLayerVideoGravity: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole picture, as large as fits, centred, its aspect ratio kept
    /// (bars on two sides when the aspect ratios differ). The default.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// The bounds filled, the aspect ratio kept: the picture overflows the
    /// bounds on two sides, shown only with `masksToBounds`.
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
    /// The picture stretched to the bounds.
    public static let resize = Self(rawValue: "resize")

    /// The contents gravity that places a picture as this gravity places
    /// the video; a name AVFoundation does not define places it as the
    /// default, `resizeAspect`.
    public var contentsGravity: CALayerContentsGravity {
        switch self {
        case .resizeAspectFill: .resizeAspectFill
        case .resize: .resize
        default: .resizeAspect
        }
    }

    public static let allCases: [Self] = [.resizeAspect, .resizeAspectFill, .resize]
}
