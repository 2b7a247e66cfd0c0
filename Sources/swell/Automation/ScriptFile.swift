import SwellSession
import SwellALSA
import SwellMedia
import SwellRender
import SwellScript

extension ScriptSpec {
    /// The script at `path`, as every command reads one: a scene's image
    /// `contents` are PNG or JPEG files decoded by SwellRender, the pixels
    /// a layer shows (docs/scripts.md#image-contents), and its video layers'
    /// files are opened by SwellMedia (docs/video.md#video-layers).
    init(scriptFile path: String) throws(SourceError) {
        try self.init(contentsOfFile: path, kinds: LayerKind.standard + [.audio, .mixer],
                      images: ImageReader { file in try CGImage(contentsOfFile: file) },
                      videos: VideoReader { file in try VideoFile(path: file) })
    }
}
