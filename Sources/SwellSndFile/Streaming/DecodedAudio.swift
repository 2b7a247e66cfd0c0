import SwellAudio

/// Interleaved `Float` frames decoded from a file in order, from any frame:
/// what a ``StreamingDecoder`` streams and a file reader reads for an
/// audio layer. A ``SoundFile`` is one; SwellMedia's sound track of a video
/// is another.
package protocol DecodedAudio: AnyObject {
    var path: String { get }
    var sampleRate: Int { get }
    var channelCount: Int { get }
    /// The length in frames; `Int64.max` when unknown.
    var frameCount: Int64 { get }
    /// The frame the next read starts at.
    var position: Int64 { get }
    /// A failure that cut the last read short, thrown by the next one.
    var pendingError: SoundFileError? { get }
    /// How the samples are stored, when a render may copy them as they are;
    /// nil when they are decoded (then ``readStoredFrames(into:count:)`` is
    /// never called).
    var storedLayout: StoredSampleLayout? { get }
    /// Moves ``position`` to `frame`.
    func seek(toFrame frame: Int64) throws(SoundFileError)
    /// Decodes up to `count` frames into `buffer`; returns how many, 0 at
    /// the end. Frames before a failure are returned first, and the failure
    /// is ``pendingError`` until the next call throws it.
    func readFrames(into buffer: UnsafeMutableBufferPointer<Float>, count: Int) throws(SoundFileError) -> Int
    /// Copies up to `count` frames as ``storedLayout`` stores them.
    func readStoredFrames(into bytes: UnsafeMutableRawPointer, count: Int) throws(SoundFileError) -> Int
}

extension SoundFile: DecodedAudio {}
