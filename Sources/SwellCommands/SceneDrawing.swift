import Foundation
import Synchronization
import SwellLottie
import SwellSession

/// What draws and encodes pictures: scenes rendered to PNGs and videos, the
/// live window, curve charts, and the images and videos a scene's script
/// reads. The `swell` executable links none of it — Cairo, Pango, FFmpeg
/// and SDL2 are not loaded by a command that plays, renders sound, drives
/// a mixer or talks to a session — and hands a command that needs it to
/// `swell-draw`, which does (docs/architecture.md#two-executables).
package protocol SceneDrawing: Sendable {
    /// The readers a scene's script reads image `contents` and video
    /// layers with.
    var imageReader: ImageReader { get }
    var videoReader: VideoReader { get }
    /// Decodes the pictures a Lottie file embeds or names.
    var lottieImages: LottieImageDecoder { get }
    /// `swell render` to PNGs or a video; `scriptFile` its `--script`.
    func renderScene(_ command: RenderCommand, script: ScriptSpec?) throws
    /// `swell play --window`.
    func showWindow(_ command: PlayCommand, job: PlayJob) throws
    /// A curve chart, in `format` (SVG or PNG).
    func chart(_ table: CurveJob.Table, format: CurveFormat, title: String?) throws -> Data
    /// The exit status of a failure of the drawing libraries; nil for any
    /// other error.
    func exitStatus(for error: any Error) -> Int32?
}

/// The drawing this process has: set once, at start-up, by the executable.
package enum Drawing {
    package static let current = Mutex<(any SceneDrawing)?>(nil)

    /// The drawing, or ``NeedsDrawing`` when this is the lean executable.
    package static func required() throws(NeedsDrawing) -> any SceneDrawing {
        guard let drawing = current.withLock({ $0 }) else { throw NeedsDrawing() }
        return drawing
    }

    package static var optional: (any SceneDrawing)? { current.withLock { $0 } }
}

/// A command that needs the drawing libraries, in the executable that has
/// none: it is run again, whole, by the drawing helper (``Swell/start(drawing:)``).
package struct NeedsDrawing: Error {}
