import Dispatch
import SwellCore
import SwellRender
import Synchronization

/// Renders frames on a thread of its own, so the owning thread — which
/// services the audio engine and answers the window's events — is free
/// while Cairo draws. A frame is a pure function of an immutable snapshot,
/// a time and a canvas (``Renderer/render(_:at:into:)``), so nothing is
/// shared but the result.
public final class FrameRenderThread: Sendable {
    private let queue = DispatchQueue(label: "swell.window.render", qos: .userInteractive)
    private let renderer = Renderer()

    public init() {}

    /// Starts rendering `snapshot` at host time `time` into `canvas`.
    public func render(_ snapshot: RenderSnapshot, at time: Double, into canvas: Canvas) -> PendingFrame {
        let pending = PendingFrame()
        queue.async { [renderer] in pending.fulfil(renderer.render(snapshot, at: time, into: canvas)) }
        return pending
    }
}

/// A frame being rendered by a ``FrameRenderThread``.
public final class PendingFrame: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let frame = Mutex<Frame?>(nil)

    fileprivate func fulfil(_ rendered: Frame) {
        frame.withLock { $0 = rendered }
        done.signal()
    }

    /// Waits for the frame.
    public func wait() -> Frame {
        done.wait()
        return frame.withLock { $0! }
    }
}
