import Foundation

/// Where an ``AudioLayer``'s sound comes from: its format, learnt once when
/// the source is opened, and readers of its frames.
///
/// A source is opened and described once and handed on: the layer that
/// plays it, the engine that reads it and the job that writes its encoding
/// all use the same object. SwellSndFile's `SoundFileSource` is the
/// implementation for files.
package protocol AudioSource: AnyObject, Sendable {
    /// What the source holds.
    var format: AudioSourceDescription { get }
    /// A reader from frame `first` (0 … `format.frameCount`): decoding on a
    /// thread of its own when `streaming` (live playback, whose render
    /// thread must never wait for a disk), else on the thread that reads
    /// (offline rendering). A streaming reader has its first second decoded
    /// when it is returned, so that a layer that starts or seeks is heard
    /// from its first frame.
    func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader
}

/// Where a voice's samples come from.
package protocol AudioSourceReader: AnyObject, Sendable {
    var channelCount: Int { get }
    /// Reads up to `frameCount` interleaved frames into `buffer`; returns
    /// how many were read and whether the source has ended. Called on the
    /// render thread.
    func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, ended: Bool)
    /// Copies up to `frameCount` frames into `bytes` as they are stored in
    /// `layout`, for the offline renderer's unity-gain copies; returns as
    /// ``read(into:frameCount:)`` does, or nil — reading nothing — when the
    /// source does not store its samples in that layout.
    func readStored(into bytes: UnsafeMutableRawPointer, frameCount: Int,
                    layout: StoredSampleLayout) -> (frames: Int, ended: Bool)?
    /// Why reading failed, if it did (owning thread).
    var failure: (any Error)? { get }
}

extension AudioSourceReader {
    /// A source that only decodes: streams, whose samples arrive as `Float`.
    package func readStored(into bytes: UnsafeMutableRawPointer, frameCount: Int,
                            layout: StoredSampleLayout) -> (frames: Int, ended: Bool)? { nil }
}

/// The format of an `AudioSource`: where it is, how long, how fast, how
/// many channels.
public struct AudioSourceDescription: Sendable, Equatable {
    public let path: String
    /// Frames in the source; `Int64.max` when it does not say (a stream:
    /// raw samples, MP3 or Ogg from a pipe, a header with a placeholder).
    public let frameCount: Int64
    public let sampleRate: Int
    public let channelCount: Int
    /// Whether a reader can start anywhere in it: false for standard input
    /// and other pipes, which are read once from their start — a layer
    /// playing one cannot be moved in time (docs/control.md#seeking).
    public let isSeekable: Bool

    public init(path: String, frameCount: Int64, sampleRate: Int, channelCount: Int, isSeekable: Bool = true) {
        self.path = path
        self.frameCount = frameCount
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.isSeekable = isSeekable
    }

    /// The duration in seconds; nil when the source does not say.
    public var duration: Double? { frameCount == Int64.max ? nil : Double(frameCount) / Double(sampleRate) }
}
