import Foundation
import SwellCore
import SwellRender

/// A scene shown live: a ``SceneWindow`` refreshed by a `CADisplayLink` at
/// the display's rate, with the keys of docs/video.md#the-live-window.
///
/// Each refresh, on the owning thread: the window's events are handled; the
/// scene is serviced (events, the audio engine); the display link fires
/// with `timestamp` the scene clock's time now and `targetTimestamp` the
/// refresh at which the frame being started will be seen, running the
/// host's display pass; that frame — the scene at `targetTimestamp`, as
/// Apple advises drawing for it — starts rendering on a
/// ``FrameRenderThread``, and the frame before it is presented at the
/// refresh (``RefreshPacer``).
///
/// Space pauses the root layer with QA1673's recipe (`CALayer.pause()` and
/// `resume()`, through the host), which stops everything below it —
/// animations and, on an audio engine, the sound, faded over 20 ms. ← and → move a paused root's `timeOffset` by
/// one refresh interval. The show ends when the root layer's time reaches
/// the scene's end, on Q or when the window is closed, or when
/// `shouldContinue` says so (Ctrl-C).
public final class LiveWindow {
    /// Why a show ended.
    public enum Ending: Sendable, Equatable {
        /// The scene reached its end.
        case finished
        /// Q, or the window was closed.
        case quit
        /// `shouldContinue` returned false.
        case interrupted
    }

    /// A frame saved with S: where, and the root layer's time it shows.
    public struct SavedFrame: Sendable {
        public let path: String
        public let sceneTime: Double
    }

    private let window: SceneWindow
    private let canvas: Canvas
    private let name: String
    private let renderThread = FrameRenderThread()
    public private(set) var statistics: FrameStatistics
    /// The canvas frames are rendered into: the scene's at the window's
    /// first size, scaled to fit after a resize.
    private var fit: (canvas: Canvas, placement: LetterboxFit)
    private var shown: (frame: Frame, sceneTime: Double)?

    /// Opens a window for `canvas` at its size in pixels, titled `name`
    /// (and the time). Throws when there is no display.
    public init(canvas: Canvas, name: String) throws(SDLError) {
        window = try SceneWindow(title: name, width: canvas.pixelWidth, height: canvas.pixelHeight)
        self.canvas = canvas
        self.name = name
        statistics = FrameStatistics(refreshInterval: 1 / window.refreshRate)
        fit = (canvas, LetterboxFit(canvasWidth: canvas.pixelWidth, height: canvas.pixelHeight,
                                    drawableWidth: canvas.pixelWidth, drawableHeight: canvas.pixelHeight))
        refit(to: window.drawableSize)
    }

    /// How frames reach the screen: `software renderer, paced by a timer`.
    public var presentation: String {
        "\(window.rendererName) renderer, paced by " + (window.hasVSync ? "vertical sync" : "a timer")
    }

    /// The display's refresh interval in seconds.
    public var refreshInterval: Double { statistics.refreshInterval }

    /// A frame on its way to the screen.
    private struct Rendering {
        let frame: PendingFrame
        let sceneTime: Double
        let paused: Bool
        let placement: LetterboxFit
    }

    /// Shows `scene` until it ends. `savePath` names the file for a frame
    /// the user saves at a scene time, and `saved` hears where it went — or
    /// why it could not be written, which does not stop the show.
    ///
    /// Frames are pipelined one deep: the next frame renders while the one
    /// before is presented, so the refresh interval holds a render or a
    /// present, not both. The display link's `targetTimestamp` is therefore
    /// the refresh after next when a frame is in flight — the one at which
    /// the frame it draws will be seen.
    public func run(_ scene: LiveScene, shouldContinue: () -> Bool,
                    savePath: (Double) -> String, saved: (Result<SavedFrame, RenderError>) -> Void) throws -> Ending {
        DisplayPriority.raiseCurrentThread()
        var pacer = RefreshPacer(refreshRate: window.refreshRate, hasVSync: window.hasVSync)
        let host = scene.host
        var started: Rendering?
        // The last frame started, and what it was rendered from: a paused
        // tree stands still — every layer's local time is held by the
        // root's — so until something is committed or the window resized,
        // its frame is the one already rendered.
        var last: (rendering: Rendering, snapshot: RenderSnapshot, canvas: Canvas)?
        let link = CADisplayLink(host: host) { [self] link in
            let time = link.targetTimestamp
            guard let snapshot = scene.snapshot(at: time), !snapshot.records.isEmpty else { return }
            let paused = snapshot.records[0].timing.speed == 0
            if paused, let last, last.snapshot === snapshot, last.canvas == fit.canvas {
                started = last.rendering
                return
            }
            let rendering = Rendering(frame: renderThread.render(snapshot, at: time, into: fit.canvas),
                                      sceneTime: snapshot.localTime(ofLayerAt: 0, hostTime: time),
                                      paused: paused, placement: fit.placement)
            started = rendering
            last = (rendering, snapshot, fit.canvas)
        }
        defer { link.invalidate() }
        var lastTimestamp = -Double.infinity
        var inFlight: Rendering?
        while true {
            for event in window.pollEvents() {
                switch event {
                case .quit: return .quit
                case .togglePause: togglePause(host)
                case .step(let forward): step(host.rootLayer, forward: forward)
                case .saveFrame:
                    if let shown {
                        let path = savePath(shown.sceneTime)
                        saved(Result { () throws(RenderError) in
                            try shown.frame.writePNG(to: path)
                            return SavedFrame(path: path, sceneTime: shown.sceneTime)
                        })
                    }
                case .resized(let width, let height): refit(to: (width, height))
                }
            }
            guard shouldContinue() else { return .interrupted }
            // The clock never runs backwards from one frame to the next.
            let timestamp = max(scene.now, lastTimestamp)
            lastTimestamp = timestamp
            let seen = pacer.nextRefresh + (inFlight == nil ? 0 : pacer.interval)
            let target = timestamp + max(0, seen - RefreshPacer.now())
            try scene.prepare(through: target)
            started = nil
            link.fire(timestamp: timestamp, targetTimestamp: target)
            let presenting = inFlight
            inFlight = started
            guard let presenting else {
                if inFlight == nil { pacer.waitForNextRefresh() }
                continue
            }
            let frame = presenting.frame.wait()
            pacer.waitForNextRefresh()
            window.present(frame, in: presenting.placement)
            statistics.noteFrameShown(at: RefreshPacer.now())
            shown = (frame, presenting.sceneTime)
            window.title = title(sceneTime: presenting.sceneTime, paused: presenting.paused)
            if !presenting.paused && scene.isFinished(atSceneTime: presenting.sceneTime) { return .finished }
        }
    }

    /// `scene.json - 12.345 s`, and ` - paused` while the root is paused
    /// (ASCII: SDL updates only the title X11 keeps in Latin-1, and a
    /// window manager may show either).
    private func title(sceneTime: Double, paused: Bool) -> String {
        "\(name) - \(String(format: "%.3f", sceneTime)) s" + (paused ? " - paused" : "")
    }

    /// QA1673: pause the tree, or resume it where it stopped — through
    /// the host, as every pause is, so an audio engine fades the sound out
    /// and in (docs/audio.md#pausing-without-a-click).
    private func togglePause(_ host: RenderHost) {
        if host.isRootLayerPaused { host.resumeRootLayer() } else { host.pauseRootLayer() }
        CATransaction.flush()
    }

    /// One refresh interval of the paused root's time, back or forward
    /// (never before 0).
    private func step(_ root: CALayer?, forward: Bool) {
        guard let root, root.isPaused else { return }
        root.timeOffset = max(0, root.timeOffset + (forward ? refreshInterval : -refreshInterval))
        CATransaction.flush()
    }

    /// Frames are rendered at the scene's own scale while the window has the
    /// canvas's pixel size, and at the scale that fits otherwise — the
    /// canvas is drawn again at that size, not stretched, so lines and text
    /// stay sharp.
    private func refit(to drawable: (width: Int, height: Int)) {
        guard drawable.width > 0, drawable.height > 0 else { return }
        if drawable == (canvas.pixelWidth, canvas.pixelHeight) {
            fit = (canvas, LetterboxFit(canvasWidth: canvas.pixelWidth, height: canvas.pixelHeight,
                                        drawableWidth: drawable.width, drawableHeight: drawable.height))
            return
        }
        let placement = LetterboxFit(canvasWidth: canvas.width, height: canvas.height,
                                     drawableWidth: drawable.width, drawableHeight: drawable.height)
        var scaled = canvas
        scaled.scale = placement.scale
        fit = (scaled, placement)
    }
}
