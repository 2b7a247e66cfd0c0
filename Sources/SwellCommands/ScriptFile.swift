import SwellLottie
import SwellSession

extension ScriptSpec {
    /// The script at `path`, as every command reads one: with a session's
    /// layer kinds, and with the drawing's readers for a scene's image
    /// `contents` (docs/scripts.md#image-contents) and video layers
    /// (docs/video.md#video-layers). Without a drawing, a script that has
    /// either needs one (``NeedsDrawing``).
    static func read(scriptFile path: String) throws -> ScriptSpec {
        let drawing = Drawing.optional
        do {
            return try ScriptSpec(contentsOfFile: path, kinds: LayerKind.command + [.lottie(images: drawing?.lottieImages)],
                                  images: drawing?.imageReader,
                                  videos: drawing?.videoReader)
        } catch {
            if error.needsReader && drawing == nil { throw NeedsDrawing() }
            throw error
        }
    }
}
