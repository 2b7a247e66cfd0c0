import Foundation
import SwellCore

extension LayerKind {
    /// `"type": "lottie"`: a ``LottieLayer`` playing the animation its
    /// `"file"` names, read when the script is read, with its own timing
    /// (docs/lottie.md#in-scripts). `images` decodes the file's pictures;
    /// without it the kind is known, and a script that names it needs a
    /// reader (the drawing helper's).
    public static func lottie(images: LottieImageDecoder?) -> LayerKind {
        var open: (@Sendable (String) throws -> LayerDocument)?
        if let images {
            open = { path in
                let animation = try LottieAnimation(contentsOfFile: path, images: images)
                animation.warnOfUnsupportedFeatures(file: path)
                return animation.document(file: URL(fileURLWithPath: path))
            }
        }
        return LayerKind("lottie", { LottieLayer() }, className: "LottieLayer", noun: "Lottie layer",
                         parameters: [LayerParameter("file", .document, isRequired: true, open: open)])
    }
}

extension LottieAnimation {
    /// The animation as a layer's document: a new ``LottieLayer`` tree each
    /// time one is made, its audio layers' sounds played by the layers the
    /// host makes for them.
    public func document(file: URL) -> LayerDocument {
        LayerDocument(file: file, sounds: sounds.values.sorted { $0.id < $1.id }) { soundLayer in
            LottieLayer(animation: self, makeSoundLayer: soundLayer)
        }
    }
}
