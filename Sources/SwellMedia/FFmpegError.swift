import CFFmpeg

/// A failure reported by one of FFmpeg's libraries: what Swell was doing,
/// and FFmpeg's own words for the error code (`av_strerror`).
public struct FFmpegError: Error, CustomStringConvertible, Sendable {
    /// What failed, as a phrase: "cannot open 'clip.mp4'".
    public let context: String
    /// FFmpeg's negative error code (`AVERROR(…)`), if there was one.
    public let code: Int32?

    public init(_ context: String, code: Int32? = nil) {
        self.context = context
        self.code = code
    }

    public var description: String {
        guard let code else { return context }
        return "\(context): \(Self.message(for: code))"
    }

    /// FFmpeg's description of `code`, as `av_err2str` gives it.
    static func message(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws when `code`, an FFmpeg call's result, is an error.
    @discardableResult
    static func check(_ code: Int32, _ context: @autoclosure () -> String) throws(FFmpegError) -> Int32 {
        guard code >= 0 else { throw FFmpegError(context(), code: code) }
        return code
    }
}
