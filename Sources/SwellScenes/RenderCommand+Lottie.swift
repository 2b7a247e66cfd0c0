import Foundation
import SwellCommands
import SwellCore
import SwellLottie
import SwellMedia
import SwellRender
import SwellScript

/// `swell render anim.json -o …` (docs/lottie.md#commands): a Lottie file
/// is a scene of one Lottie layer on a canvas of the animation's size, or
/// `--size`, which the animation fills aspect-fit and centred; `--at` is
/// seconds after its first frame, and a sequence or a video runs at its
/// frame rate from its first frame to its end.
extension RenderCommand {
    /// The Lottie file given as the input, when there is one and no script.
    var lottieInput: String? {
        guard automation.script == nil, inputs.count == 1 else { return nil }
        return LottieScene.isLottie(inputs[0]) ? inputs[0] : nil
    }

    /// The command on the Lottie file's scene, its defaults taken from the
    /// animation.
    func renderLottie(_ file: String) throws {
        let animation = try LottieScene.read(file)
        var command = self
        command.inputs = []
        if command.fps == nil, rendersFrames {
            let limit = video?.maximumFrameRate ?? .infinity
            command.fps = animation.frameRate <= limit ? animation.frameRate : nil
        }
        if command.inputOptions.end == nil, rendersFrames {
            command.inputOptions.end = TimeSpec(seconds: animation.duration)
        }
        try command.renderScene(script: LottieScene.script(animation, file: file, size: size))
    }
}

/// A Lottie file as a scene's script.
enum LottieScene {
    /// Whether `path` names a Lottie file: `.json` or `.lottie`.
    static func isLottie(_ path: String) -> Bool {
        ["json", "lottie"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The kind of layer that shows one, its images decoded by SwellRender.
    static let kind = LayerKind.lottie(images: images)

    static let images = LottieImageDecoder { data, name in try CGImage(data: data, name: name) }

    static func read(_ file: String) throws -> LottieAnimation {
        let animation = try LottieAnimation(contentsOfFile: file, images: images)
        for feature in animation.unsupportedFeatures {
            CADiagnostics.warn("\(file): \(feature) not supported; the animation plays without them")
        }
        return animation
    }

    /// A canvas of the animation's size (whole points, rounded up) or
    /// `size`, filled by the animation's layer.
    static func script(_ animation: LottieAnimation, file: String, size: CanvasSize?) -> ScriptSpec {
        let width = size?.width ?? Int(animation.width.rounded(.up))
        let height = size?.height ?? Int(animation.height.rounded(.up))
        var layer = LayerSpec(name: "animation", type: kind, properties: [
            "bounds": SceneValue(CGRect(x: 0, y: 0, width: width, height: height)),
            "position": SceneValue(CGPoint(x: Double(width) / 2, y: Double(height) / 2)),
        ], location: SourceLocation(line: 1, column: 1))
        let url = URL(fileURLWithPath: file).standardizedFileURL
        layer.parameters["file"] = .document(animation.document(file: url))
        var script = ScriptSpec(layers: [layer])
        script.canvas = Canvas(width: width, height: height)
        return script
    }
}
