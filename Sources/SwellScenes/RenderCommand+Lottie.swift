import SwellCommands
import SwellScript

/// `swell render anim.json -o …` (docs/lottie.md#commands): `--at` is
/// seconds after the animation's first frame, and a sequence or a video
/// runs at its frame rate from its first frame to its end.
extension RenderCommand {
    /// The command on the Lottie file's scene, its defaults taken from the
    /// animation.
    func renderLottie(_ file: String) throws {
        let animation = try LottieInput.read(file)
        var command = self
        command.inputs = []
        if command.fps == nil, rendersFrames {
            let limit = video?.maximumFrameRate ?? .infinity
            command.fps = animation.frameRate <= limit ? animation.frameRate : nil
        }
        if command.inputOptions.end == nil, rendersFrames {
            command.inputOptions.end = TimeSpec(seconds: animation.duration)
        }
        try command.renderScene(script: LottieInput.script(animation, file: file, size: size))
    }
}
