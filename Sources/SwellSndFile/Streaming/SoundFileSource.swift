import Foundation

/// A sound file as an ``AudioLayer`` plays it: opened and described once,
/// then handed on.
///
/// Opening reads what the rest of Swell needs to know — length, rate,
/// channels, and the encoding a render keeps — and keeps the open file for
/// the first reader the engine asks for, so a file that is played once is
/// opened once. Later readers (the same input in several layers) open it
/// again.
public final class SoundFileSource: AudioSource {
    public let format: AudioSourceDescription
    /// How the file stores its samples, when libsndfile says.
    public let sampleEncoding: SampleEncoding?
    /// The file's text tags, which a render copies to its output.
    public let tags: [SoundFileTag: String]
    /// The file as opened, until the first reader takes it.
    private let opened: Locked<SoundFile?>
    /// How to read it when it is raw samples.
    private let raw: RawFormat?

    /// Opens the file at `path` — any format libsndfile reads, or raw
    /// samples as `raw` says — and checks it can be decoded.
    public init(path: String, raw: RawFormat? = nil) throws(SoundFileError) {
        let file = try SoundFile(path: path, raw: raw)
        self.raw = raw
        format = AudioSourceDescription(path: path, frameCount: file.frameCount, sampleRate: file.sampleRate,
                                        channelCount: file.channelCount, isSeekable: file.isSeekable)
        sampleEncoding = file.sampleEncoding
        tags = file.tags
        opened = Locked(file)
    }

    package func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader {
        let file = try opened.withLock { file throws(SoundFileError) -> sending SoundFile in
            if let taken = file.take() { return taken }
            return try SoundFile(path: format.path, raw: raw)
        }
        return streaming ? try StreamingSourceReader(file: file, from: first) : try FileSourceReader(file: file, from: first)
    }
}

extension AudioLayer {
    /// A layer playing the file at `path` — any format libsndfile reads.
    /// Throws when the file cannot be opened or decoded.
    public convenience init(contentsOfFile path: String) throws(SoundFileError) {
        self.init(source: try SoundFileSource(path: path))
    }

    /// A layer playing `source`, named after its file.
    public convenience init(source: SoundFileSource) {
        self.init(soundSource: source)
    }
}
