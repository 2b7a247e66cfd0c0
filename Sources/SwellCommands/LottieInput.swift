import Foundation
import SwellCore
import SwellLottie
import SwellScript

/// A Lottie file given as a command's input (docs/lottie.md#commands):
/// `swell render anim.json -o …` and `swell play anim.json --window` show
/// it as a scene of one Lottie layer on a canvas of the animation's size,
/// or `--size`, which the animation fills aspect-fit and centred.
package enum LottieInput {
    /// Whether `path` names a Lottie file: `.json` or `.lottie`.
    package static func isLottie(_ path: String) -> Bool {
        ["json", "lottie"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The one input, when it is a Lottie file and no script is given.
    package static func file(in inputs: [String], script: String?) -> String? {
        guard script == nil, inputs.count == 1, isLottie(inputs[0]) else { return nil }
        return inputs[0]
    }

    /// The animation, its pictures decoded by the drawing; each feature
    /// it uses that Swell leaves out is named once.
    package static func read(_ file: String) throws -> LottieAnimation {
        let animation = try LottieAnimation(contentsOfFile: file, images: try Drawing.required().lottieImages)
        animation.warnOfUnsupportedFeatures(file: file)
        return animation
    }

    /// A scene of the animation filling a canvas of its size (whole points,
    /// rounded up) or `size`.
    package static func script(_ animation: LottieAnimation, file: String, size: CanvasSize?) throws -> ScriptSpec {
        let width = size?.width ?? Int(animation.width.rounded(.up))
        let height = size?.height ?? Int(animation.height.rounded(.up))
        var layer = LayerSpec(name: "animation", type: .lottie(images: try Drawing.required().lottieImages), properties: [
            "bounds": SceneValue(CGRect(x: 0, y: 0, width: width, height: height)),
            "position": SceneValue(CGPoint(x: Double(width) / 2, y: Double(height) / 2)),
        ], location: SourceLocation(line: 1, column: 1))
        layer.parameters["file"] = .document(animation.document(file: URL(fileURLWithPath: file).standardizedFileURL))
        var script = ScriptSpec(layers: [layer])
        script.canvas = Canvas(width: width, height: height)
        return script
    }
}
