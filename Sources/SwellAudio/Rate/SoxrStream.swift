import CSoxr

/// A libsoxr stream resampler for interleaved `Float` frames: the C
/// resource, made and freed here, so that the rest of the module never
/// spells out soxr's specs.
///
/// The settings are those of SoX's `rate` effect by default (`rate -h`,
/// "high quality"): libsoxr's `SOXR_HQ` recipe — 20-bit precision, linear
/// phase, the passband SoX uses — which is what `soxr_create` gives with
/// a null quality spec (soxr.h: "Default quality_spec is per
/// soxr_quality_spec(SOXR_HQ, 0)"); it is spelled out so that a change of
/// the library's default does not change Swell's sound. One thread
/// (`soxr_runtime_spec(1)`), so that no worker threads wake for an audio
/// render thread's block.
package enum SoxrStream {
    /// A new stream from `inputRate` to `outputRate` for `channelCount`
    /// interleaved channels. Allocates and designs the filters: call it off
    /// the render thread.
    package static func make(from inputRate: Int, to outputRate: Int, channelCount: Int) throws(SoxrError) -> soxr_t {
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var runtime = soxr_runtime_spec(1)
        var error: soxr_error_t?
        let stream = soxr_create(Double(inputRate), Double(outputRate), UInt32(channelCount), &error,
                                 &io, &quality, &runtime)
        guard let stream, error == nil else {
            soxr_delete(stream)
            throw SoxrError(error)
        }
        return stream
    }
}

/// A libsoxr error, in its own words (soxr's errors are constant strings).
package struct SoxrError: Error, CustomStringConvertible {
    package let description: String

    package init(_ error: soxr_error_t?) {
        description = error.map { String(cString: $0) } ?? "libsoxr failed"
    }
}
