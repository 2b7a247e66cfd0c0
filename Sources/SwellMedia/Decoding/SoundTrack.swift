import Foundation
import SwellAudio
import SwellSndFile

/// A video file's sound track as an `AudioLayer` plays it: opened and
/// described once, then handed on, as SwellSndFile's `SoundFileSource` is
/// for a sound file.
///
/// Its readers are those of a sound file: streaming on a decoding thread
/// of their own for live playback (the first second decoded before the
/// reader is returned), or read on the rendering thread offline. Frame n is
/// the sound at n / sampleRate seconds of the video's timeline, so in an
/// audio layer under the ``VideoLayer`` it is heard with the picture of the
/// same time.
public final class SoundTrack: AudioSource {
    public let format: AudioSourceDescription
    /// The track as opened, until the first reader takes it.
    private let opened: Locked<SoundTrackDecoder?>

    /// Opens the sound track of the video at `path`. Throws when the file
    /// has none or it cannot be decoded.
    public init(path: String) throws(FFmpegError) {
        let track = try SoundTrackDecoder(path: path)
        format = AudioSourceDescription(path: path, frameCount: track.frameCount, sampleRate: track.sampleRate,
                                        channelCount: track.channelCount)
        opened = Locked(track)
    }

    package func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader {
        let path = format.path
        let track = try opened.withLock { track throws(FFmpegError) -> sending SoundTrackDecoder in
            if let taken = track.take() { return taken }
            return try SoundTrackDecoder(path: path)
        }
        return streaming ? try StreamingSourceReader(file: track, from: first)
            : try FileSourceReader(file: track, from: first)
    }
}
