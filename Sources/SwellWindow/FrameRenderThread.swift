import Dispatch
import Foundation
import SwellCore
import SwellRender

/// Renders frames on a thread of its own, so the owning thread — which
/// services the audio engine and answers the window's events — is free
/// while Cairo draws. A frame is a pure function of an immutable snapshot,
/// a time and a canvas (``Renderer/render(_:at:into:)``), so nothing is
/// shared but the requests and their results.
///
/// One long-lived thread rather than a dispatch queue, whose blocks may run
/// on any worker: the thread runs at display priority (``DisplayPriority``),
/// which is the thread's own.
public final class FrameRenderThread: Sendable {
    private let inbox = Inbox()

    public init() {
        let inbox = self.inbox
        let thread = Thread {
            DisplayPriority.raiseCurrentThread()
            let renderer = Renderer()
            while let request = inbox.next() {
                request.pending.fulfil(renderer.render(request.snapshot, at: request.time, into: request.canvas))
            }
        }
        thread.name = "swell.window.render"
        thread.start()
    }

    deinit { inbox.close() }

    /// Starts rendering `snapshot` at host time `time` into `canvas`.
    public func render(_ snapshot: RenderSnapshot, at time: Double, into canvas: Canvas) -> PendingFrame {
        let pending = PendingFrame()
        inbox.post(Request(snapshot: snapshot, time: time, canvas: canvas, pending: pending))
        return pending
    }

    fileprivate struct Request: Sendable {
        let snapshot: RenderSnapshot
        let time: Double
        let canvas: Canvas
        let pending: PendingFrame
    }

    /// The requests not yet taken, in order; nil once closed.
    private final class Inbox: Sendable {
        private let requests = Locked<[Request]?>([])
        private let posted = DispatchSemaphore(value: 0)

        func post(_ request: Request) {
            requests.withLock { $0?.append(request) }
            posted.signal()
        }

        func close() {
            requests.withLock { $0 = nil }
            posted.signal()
        }

        /// Waits for the next request; nil when closed.
        func next() -> Request? {
            while true {
                posted.wait()
                let taken: (request: Request?, closed: Bool) = requests.withLock { queue in
                    guard queue != nil else { return (nil, true) }
                    return queue!.isEmpty ? (nil, false) : (queue!.removeFirst(), false)
                }
                if taken.closed { return nil }
                if let request = taken.request { return request }
            }
        }
    }
}

/// A frame being rendered by a ``FrameRenderThread``.
public final class PendingFrame: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let frame = Locked<Frame?>(nil)

    fileprivate func fulfil(_ rendered: Frame) {
        frame.withLock { $0 = rendered }
        done.signal()
    }

    /// Waits for the frame; once it is there, returns it at once, however
    /// often asked.
    public func wait() -> Frame {
        done.wait()
        done.signal()
        return frame.withLock { $0! }
    }
}
