import CFFmpeg
import Foundation
import SwellAudio
import SwellCore

/// A video file as a ``VideoLayer`` shows it: its picture, decoded by
/// libavcodec at any time asked, and its sound track for an `AudioLayer`.
///
/// Opening reads what a layer needs to know — the picture's size, the
/// duration, the frame rate — and checks the picture can be decoded, so a
/// missing or damaged file is reported when a script is read. Frames are
/// then decoded as they are asked for (``frame(atTime:)``), on whatever
/// thread renders, one request at a time, and converted to RGB when they
/// are drawn; two frames are kept whatever the file's length.
public final class VideoFile: VideoFrameSource, SoundTrackProvider {
    public let path: String
    public let naturalSize: CGSize
    public let duration: Double
    public let nominalFrameRate: Double
    /// The file's sound, when it has a sound track.
    public let soundTrack: SoundTrack?
    private let decoder: Locked<VideoFrameDecoder>

    /// Opens the video at `path`. Throws when it cannot be read, has no
    /// video stream, or its picture or sound cannot be decoded.
    public init(path: String) throws(FFmpegError) {
        let container = try MediaContainer(path: path)
        guard let stream = container.bestStream(of: AVMEDIA_TYPE_VIDEO) else {
            throw FFmpegError("'\(path)' has no video stream")
        }
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.width > 0, parameters.height > 0 else {
            throw FFmpegError("'\(path)': the video stream has no picture size")
        }
        // The display size: the width stretched by the pixel aspect ratio.
        let aspect = av_guess_sample_aspect_ratio(container.context, stream, nil)
        let stretch = aspect.num > 0 && aspect.den > 0 ? av_q2d(aspect) : 1
        let width = max(Int((Double(parameters.width) * stretch).rounded()), 1), height = Int(parameters.height)
        self.path = path
        naturalSize = CGSize(width: width, height: height)
        let rate = stream.pointee.avg_frame_rate
        nominalFrameRate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0
        duration = stream.end.map { $0 - container.origin } ?? container.duration ?? 0
        let hasSound = container.bestStream(of: AVMEDIA_TYPE_AUDIO) != nil
        let frames = try VideoFrameDecoder(stream, of: container, duration: duration, size: (width, height))
        // The first frame decodes, in a format libswscale converts, or the
        // file is refused now.
        guard try frames.frame(atTime: 0) != nil else {
            throw FFmpegError("'\(path)': no picture can be decoded from the video stream")
        }
        decoder = Locked(frames)
        soundTrack = hasSound ? try SoundTrack(path: path) : nil
    }

    /// The sound track, for the audio layer below a video layer.
    package var soundSource: (any AudioSource)? { soundTrack }

    public func frame(atTime time: Double) -> (any VideoFrame)? {
        decoder.withLock { try? $0.frame(atTime: time) }
    }
}
