import CSndFile
import Glibc

/// A sound file open for reading, decoded by libsndfile to interleaved `Float`
/// frames.
///
/// Everything the installed libsndfile reads is accepted — WAV, WAVEX, RF64,
/// Wave64, AIFF/AIFF-C, CAF, AU, FLAC, Ogg Vorbis, Ogg Opus, MP3 and the rest
/// of its table (`sf_command(SFC_GET_FORMAT_MAJOR)`) — with 1 to 8 channels.
///
/// Integer PCM is read exactly: libsndfile's `pcm.c` converts a 16-bit word
/// `k` to `k · (1 / 0x8000)` (`pcm_read_les2f`), a 24-bit word to
/// `(k << 8) · (1 / 0x80000000)`, both exact in `Float`, so the 16-bit sample
/// `k` reads as `k / 32768` — the value SoX's `-t f32` output gives too.
///
/// Reading is streaming: ``readFrames(into:count:)`` decodes into the caller's
/// buffer and never grows memory with the length of the file. A `SoundFile`
/// belongs to one thread at a time (it is deliberately not `Sendable`);
/// ``StreamingDecoder`` moves one onto its decoding thread.
public final class SoundFile {
    /// The channel counts Swell plays: the engine's.
    public static var supportedChannelCounts: ClosedRange<Int> { AudioEngine.supportedChannelCounts }

    /// The path as given when opening, used in every error message.
    public let path: String
    /// The number of frames the file declares: its length.
    ///
    /// The header's length for PCM containers (``DeclaredLength``: more
    /// than the file holds when it was cut short), FLAC and the Ogg codecs;
    /// for MP3 it is libmpg123's `mpg123_length`, exact with a LAME/Xing
    /// header and estimated from the bit rate without one. `Int64.max`
    /// (libsndfile's `SF_COUNT_MAX`) when the length is unknown: MP3 or Ogg
    /// read from a pipe, or a header whose length is a placeholder written
    /// by a program streaming to a pipe.
    public let frameCount: Int64
    /// Frames per second.
    public let sampleRate: Int
    /// Samples per frame; a value in ``supportedChannelCounts``.
    public let channelCount: Int
    /// libsndfile's name for the container, e.g. `"WAV (Microsoft)"`.
    public let formatDescription: String
    /// libsndfile's name for the encoding, e.g. `"Signed 16 bit PCM"`.
    public let subtypeDescription: String
    /// The output encoding that stores this file's samples without loss, or
    /// nil when none does (lossy codecs, ADPCM, 64-bit float).
    public let sampleEncoding: SampleEncoding?
    /// How the samples are stored, when they can be copied as stored
    /// (``readStoredFrames(into:count:)``): 16- and 24-bit PCM in an
    /// uncompressed container.
    package let storedLayout: StoredSampleLayout?
    /// Whether ``seek(toFrame:)`` is possible.
    public let isSeekable: Bool
    /// The file's text tags (title, artist, …), as libsndfile reads them.
    public let tags: [SoundFileTag: String]
    /// Whether ``frameCount`` is a promise: a length known from a header
    /// that states it exactly (everything but MPEG, whose length libmpg123
    /// may estimate from the bit rate).
    private let declaresExactLength: Bool
    /// The frame the next read starts at.
    public private(set) var position: Int64 = 0

    /// The length in seconds: `frameCount / sampleRate`.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    private let handle: OpaquePointer
    /// The read buffer of a regular file and the descriptor it reads, which
    /// ``SoundFile`` closes itself (libsndfile closes a pipe's).
    private let buffer: (io: BufferedFileIO, descriptor: Int32)?
    /// Room for a chunk of 16-bit words, when the file stores 16-bit PCM.
    private let shortScratch: UnsafeMutablePointer<Int16>?
    /// Why the last read came up short, when it was not the end of the
    /// data: a decode error met, or the data ending before ``frameCount``.
    /// The next read throws it, so that the good frames are delivered
    /// first; a reader that stops at a short read finds it here.
    public private(set) var pendingError: SoundFileError?

    /// Opens `path` for reading.
    ///
    /// A file whose data ends before the length its header declares opens:
    /// its frames are read up to the cut (docs/cli.md#damaged-input).
    /// Samples without a header are read as `raw` says.
    ///
    /// - Throws: ``SoundFileError/cannotOpen(path:reason:)`` with the system's
    ///   reason for a missing, unreadable or directory path and libsndfile's
    ///   reason for a file that is not audio or whose header is corrupt or
    ///   cut short; ``SoundFileError/unsupportedChannelCount(path:channelCount:)``
    ///   outside 1...8.
    public init(path: String, raw: RawFormat? = nil) throws(SoundFileError) {
        self.path = path

        // Open the descriptor ourselves: errno names a missing file or a
        // permission problem plainly, and a directory (which open(2) accepts
        // read-only and libsndfile would call "Format not recognised") is
        // caught by fstat before libsndfile sees it.
        // `-` is standard input, as for SoX and FFmpeg.
        let descriptor = path == "-" ? dup(STDIN_FILENO) : Glibc.open(path.pathBytes, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: LibSndFile.Reason(errno: errno).description)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = LibSndFile.Reason(errno: errno)
            close(descriptor)
            throw .cannotOpen(path: path, reason: reason.description)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw .cannotOpen(path: path, reason: LibSndFile.Reason(errno: EISDIR).description)
        }
        // libsndfile calls an empty file "Format not recognised".
        guard status.st_mode & S_IFMT != S_IFREG || status.st_size > 0 else {
            close(descriptor)
            throw .cannotOpen(path: path, reason: "the file is empty")
        }

        // A regular file is read through a large buffer; a pipe, which
        // cannot be read at an offset, directly.
        var info = raw?.info ?? SF_INFO()
        let opened: Result<OpaquePointer, LibSndFile.Reason>
        if status.st_mode & S_IFMT == S_IFREG {
            let io = BufferedFileIO(descriptor: descriptor, mode: .read, length: Int64(status.st_size))
            buffer = (io, descriptor)
            opened = LibSndFile.open(virtual: io, mode: Int32(SFM_READ), info: &info)
        } else {
            buffer = nil
            opened = LibSndFile.open(descriptor: descriptor, mode: Int32(SFM_READ), info: &info, closeWhenDone: true)
        }
        switch opened {
        case .success(let handle):
            self.handle = handle
        case .failure(let reason):
            if buffer != nil { close(descriptor) }
            throw .cannotOpen(path: path, reason: reason.description)
        }

        let channelCount = Int(info.channels)
        guard Self.supportedChannelCounts.contains(channelCount) else {
            sf_close(handle)
            throw .unsupportedChannelCount(path: path, channelCount: channelCount)
        }
        guard info.samplerate > 0, info.frames >= 0 else {
            sf_close(handle)
            throw .cannotOpen(
                path: path,
                reason: "invalid header (\(info.samplerate) Hz, \(info.frames) frames)")
        }

        let major = info.format & Int32(SF_FORMAT_TYPEMASK)
        let subtype = info.format & Int32(SF_FORMAT_SUBMASK)
        let found = Int64(info.frames)
        let frameCount = buffer == nil
            ? (DeclaredLength.isPlaceholder(found, info: info) ? Int64.max : found)
            : DeclaredLength.frames(ofFileOn: descriptor, info: info, found: found) ?? found
        self.channelCount = channelCount
        self.sampleRate = Int(info.samplerate)
        self.frameCount = frameCount
        self.isSeekable = info.seekable != 0
        self.declaresExactLength = major != Int32(SF_FORMAT_MPEG) && frameCount != Int64.max
        self.formatDescription = LibSndFile.formatName(major) ?? "format 0x\(String(major, radix: 16))"
        self.subtypeDescription =
            LibSndFile.formatName(subtype) ?? "encoding 0x\(String(subtype, radix: 16))"
        self.sampleEncoding = SampleEncoding(losslesslyStoring: subtype)
        self.storedLayout = StoredSampleLayout(handle: handle, format: info.format)
        self.tags = SoundFileTag.tags(of: handle)
        shortScratch = subtype == Int32(SF_FORMAT_PCM_16) ? .allocate(capacity: Self.shortChunkFrames * channelCount) : nil
    }

    deinit {
        sf_close(handle)
        if let buffer { close(buffer.descriptor) }
        shortScratch?.deallocate()
    }

    /// Decodes up to `count` frames into `buffer`, interleaved.
    ///
    /// - Parameters:
    ///   - buffer: room for at least `count * channelCount` samples.
    ///   - count: the number of frames wanted.
    /// - Returns: the number of frames decoded; fewer than `count` only at the
    ///   end of the data, 0 once it is reached.
    /// - Throws: ``SoundFileError/prematureEnd(path:frame:frameCount:sampleRate:reason:)``
    ///   when the data ends before ``frameCount`` — a file cut short, or a
    ///   damaged header (a FLAC STREAMINFO of 2³² samples in a file of 300
    ///   bytes) — or the stream is corrupt, with libsndfile's reason ("flac
    ///   decoder lost sync"). Frames decoded before are returned first; the
    ///   error comes with the following call, and is ``pendingError`` meanwhile.
    public func readFrames(
        into buffer: UnsafeMutableBufferPointer<Float>, count: Int
    ) throws(SoundFileError) -> Int {
        precondition(count >= 0, "negative frame count \(count)")
        precondition(
            buffer.count >= count * channelCount,
            "buffer of \(buffer.count) samples cannot hold \(count) frames of \(channelCount) channels")
        return try advance(count: count) {
            guard let base = buffer.baseAddress else { return 0 }
            return shortScratch.map { readShorts(into: base, count: count, scratch: $0) }
                ?? Int(sf_readf_float(handle, base, sf_count_t(count)))
        }
    }

    /// Copies up to `count` frames into `bytes` as the file stores them, in
    /// its ``storedLayout``, which it must have: `count · channelCount ·
    /// bytesPerSample` bytes. Returns and throws as
    /// ``readFrames(into:count:)`` does; the two may be mixed freely, both
    /// reading on from ``position``.
    package func readStoredFrames(into bytes: UnsafeMutableRawPointer, count: Int) throws(SoundFileError) -> Int {
        guard let layout = storedLayout else { preconditionFailure("'\(path)' has no stored layout") }
        let frameBytes = channelCount * layout.bytesPerSample
        return try advance(count: count) { Int(sf_read_raw(handle, bytes, sf_count_t(count * frameBytes))) / frameBytes }
    }

    /// Runs a read of up to `count` frames that returns the frames it read,
    /// and moves ``position`` on by them. A read that comes up short for a
    /// reason other than the end of the file throws — with its frames
    /// delivered first, the error held for the next read.
    private func advance(count: Int, by read: () -> Int) throws(SoundFileError) -> Int {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        guard count > 0 else { return 0 }
        let framesRead = read()
        position += Int64(framesRead)
        if framesRead < count, let error = shortReadError() {
            guard framesRead > 0 else { throw error }
            pendingError = error
        }
        return framesRead
    }

    /// Why a read returned fewer frames than asked, if not the end of the file.
    private func shortReadError() -> SoundFileError? {
        // sf_readf_* clear the handle's error on entry
        // (VALIDATE_SNDFILE_AND_ASSIGN_PSF with clean_error), so a set error
        // belongs to this read.
        let reason = LibSndFile.error(of: handle)?.description
        guard reason != nil || declaresExactLength && position < frameCount else { return nil }
        return .prematureEnd(path: path, frame: position, frameCount: frameCount, sampleRate: sampleRate, reason: reason)
    }

    /// Reads a 16-bit file as 16-bit words — for such files libsndfile's
    /// short reads are plain copies — and scales them to `k / 32768` here, in
    /// a loop the compiler vectorises, which is faster than libsndfile's
    /// own conversion and gives the same values.
    private func readShorts(into base: UnsafeMutablePointer<Float>, count: Int,
                            scratch: UnsafeMutablePointer<Int16>) -> Int {
        var done = 0
        while done < count {
            let frames = min(Self.shortChunkFrames, count - done)
            let read = Int(sf_readf_short(handle, scratch, sf_count_t(frames)))
            let destination = base + done * channelCount
            for i in 0..<(read * channelCount) { destination[i] = Float(scratch[i]) * (1 / 32768) }
            done += read
            if read < frames { break }
        }
        return done
    }

    private static let shortChunkFrames = 4096

    /// Moves the read position to `frame`, counted from the start of the file.
    ///
    /// - Throws: ``SoundFileError/cannotRead(path:reason:)`` if `frame` is
    ///   outside `0...frameCount`, the file is a pipe and `frame` is not the
    ///   current ``position``, or libsndfile fails to seek.
    public func seek(toFrame frame: Int64) throws(SoundFileError) {
        guard (0...frameCount).contains(frame) else {
            throw .cannotRead(
                path: path, reason: "frame \(frame) is outside the file (0 to \(frameCount))")
        }
        guard isSeekable else {
            // A pipe can still "seek" to where it already is, which is how a
            // stream is started from its beginning.
            guard frame == position else {
                throw .cannotRead(path: path, reason: "cannot seek to frame \(frame): the stream is not seekable")
            }
            return
        }
        guard sf_seek(handle, sf_count_t(frame), SEEK_SET) == sf_count_t(frame) else {
            let reason = LibSndFile.error(of: handle)?.description ?? "seek failed"
            throw .cannotRead(path: path, reason: "cannot seek to frame \(frame): \(reason)")
        }
        pendingError = nil
        position = frame
    }
}

extension SoundFile: CustomStringConvertible {
    /// One line about the file, like SoX's `soxi` summary:
    /// `'x.wav': WAV (Microsoft), Signed 16 bit PCM, 2 channels, 48000 Hz, 3.0 s`.
    public var description: String {
        let seconds = (duration * 1000).rounded() / 1000
        return "'\(path)': \(formatDescription), \(subtypeDescription), "
            + "\(channelCount) channel\(channelCount == 1 ? "" : "s"), \(sampleRate) Hz, \(seconds) s"
    }
}
