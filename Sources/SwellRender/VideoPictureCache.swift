import Foundation
import SwellCore

/// The pictures video layers show, converted for drawing: for each video
/// source, the surface of the frame it showed last, converted again only
/// when the frame changes — so a paused video, or a video of 30 frames a
/// second drawn at 60, is converted once a frame, and memory holds one
/// picture a video, as AVPlayerLayer's compositor keeps the buffer it
/// shows. Shared by the renderer's threads, behind a lock held only to
/// look up and store.
final class VideoPictureCache: Sendable {
    private struct Entry {
        /// Kept alive, so its identity is not reused while it is a key.
        let source: any VideoFrameSource
        let frame: any VideoFrame
        let surface: ImageSurface
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most videos whose pictures are kept; beyond, the one drawn least
    /// recently goes.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// `frame` of `source`, converted into a surface (outside the lock)
    /// unless it is the frame converted last; nil when it cannot be
    /// converted.
    func surface(of frame: any VideoFrame, from source: any VideoFrameSource) -> ImageSurface? {
        let key = ObjectIdentifier(source)
        let found: ImageSurface? = state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key], entry.frame === frame else { return nil }
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.surface
        }
        if let found { return found }
        let surface = ImageSurface(width: frame.width, height: frame.height)
        guard surface.withMutableBytes({ frame.write(into: $0, bytesPerRow: surface.stride) }) else { return nil }
        state.withLock { state in
            state.entries[key] = Entry(source: source, frame: frame, surface: surface, lastUse: state.clock)
            if state.entries.count > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
            }
        }
        return surface
    }
}
