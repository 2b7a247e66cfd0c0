import Foundation
import SwellCore

/// Writes what a host's layer tree shows as PNG files, one per frame: the
/// piece behind `swell render`'s frames of a scene (docs/cli.md#scenes)
/// and the samples' `--frames` (docs/render.md#frame-sequences).
///
/// A frame is the host's latest committed snapshot rendered at a host time,
/// so it shows exactly what `presentation()` reports then — what Core
/// Animation's render server would draw for that display refresh. Each file
/// is written beside its target and renamed into place
/// (``Frame/writePNG(to:)``), so a reader never sees half a frame.
public final class FrameRecorder {
    /// The host whose tree is drawn.
    public let host: RenderHost
    /// What each frame is rendered into.
    public let canvas: Canvas
    /// Where each frame goes.
    public let names: FrameFileNames
    /// How many frames have been written.
    public private(set) var written = 0
    private let renderer = Renderer()

    /// A recorder of `host` on `canvas` into `names`; makes the directory
    /// the frames go in, with its parents, when it does not exist.
    public init(host: RenderHost, canvas: Canvas, names: FrameFileNames) throws(FrameSequenceError) {
        self.host = host
        self.canvas = canvas
        self.names = names
        do {
            try FileManager.default.createDirectory(atPath: names.directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: names.directory, reason: (error as NSError).localizedDescription)
        }
    }

    /// The first file among frames `0..<count` that exists, to refuse
    /// before anything is written rather than part way.
    public func firstExisting(count: Int) -> String? {
        (0..<count).lazy.map(names.path(ofFrame:)).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Renders the host's committed tree at host time `time` and writes it
    /// as frame `k`.
    public func write(frame k: Int, at time: Double) throws(FrameSequenceError) {
        guard let snapshot = host.latestSnapshot else { throw .noLayers }
        do throws(RenderError) {
            try renderer.render(snapshot, at: time, into: canvas).writePNG(to: names.path(ofFrame: k))
        } catch {
            throw .frameFailed(frame: k, written: written, underlying: error)
        }
        written += 1
    }

    /// Steps the host through `times` on `clock` and writes every frame
    /// (``step(_:through:on:_:)``).
    public func record(_ times: FrameTimes, on clock: ManualClock) throws(FrameSequenceError) {
        try Self.step(host, through: times, on: clock) { k, time throws(FrameSequenceError) in
            try write(frame: k, at: time)
        }
    }

    /// Steps `host` through `times` on `clock`, calling `body` with each
    /// frame's number and time once the host shows it. At frame k, time
    /// t = `times.time(ofFrame: k)`: the host's scheduled events up to t
    /// run (each at its own time), the clock is set to t, and one display
    /// frame runs there — the animation life cycle, layout and `display()`
    /// of the layers that need it, as a display link's refresh — so that
    /// the host's latest snapshot rendered at t is the frame. What PNG
    /// sequences and video exports share.
    public static func step<Failure: Error>(
        _ host: RenderHost, through times: FrameTimes, on clock: ManualClock,
        _ body: (Int, Double) throws(Failure) -> Void
    ) throws(Failure) {
        for k in 0..<times.count {
            let time = times.time(ofFrame: k)
            host.runEvents(through: time)
            clock.set(time)
            host.displayFrame(at: time)
            try body(k, time)
        }
    }
}
