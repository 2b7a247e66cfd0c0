import Foundation
import SwellRender
import SwellScript

/// `swell render --script scene.json -o frame.png --at T`: one frame of a
/// scene (docs/cli.md#scenes) — the script's layer tree on a manual clock,
/// its events run up to T, the committed snapshot drawn by SwellRender at T
/// on the script's canvas and written as a PNG, atomically.
struct SceneFrameJob {
    var script: ScriptSpec
    var output: String
    var time = 0.0
    var options = AutomationOptions()
    var overwrite = false

    /// Renders and writes the frame; returns its size in pixels.
    func run() throws -> (width: Int, height: Int) {
        guard let canvas = script.canvas else {
            throw AutomationError("a PNG is a picture of a scene: give a --script with a \"canvas\"")
        }
        guard time >= 0, time.isFinite else { throw AutomationError("--at must be a finite, non-negative time") }
        guard overwrite || !FileManager.default.fileExists(atPath: output) else {
            throw AutomationError("'\(output)' exists (use --overwrite)")
        }
        let clock = ManualClock()
        let host = HeadlessHost(clock: clock)
        let stage = try AutomationStage(script: script, options: options, sampleRate: nil, openMixer: nil)
        try stage.install(on: host)
        host.runEvents(through: time)
        clock.set(time)
        CATransaction.flush()
        guard let snapshot = host.latestSnapshot else { throw AutomationError("the scene has no layers to draw") }
        let frame = Renderer().render(snapshot, at: time, into: Canvas(
            width: canvas.width, height: canvas.height, scale: canvas.scale, backgroundColor: canvas.backgroundColor))
        try frame.writePNG(to: output)
        return (frame.width, frame.height)
    }
}
