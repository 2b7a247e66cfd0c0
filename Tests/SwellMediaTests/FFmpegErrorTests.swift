import Testing
@testable import SwellMedia

/// FFmpeg's errors read as FFmpeg's own tools print them.
@Suite struct FFmpegErrorTests {
    @Test("an error code reads as ffmpeg prints it, after what failed")
    func describesTheCode() {
        // ffmpeg -i /nonexistent prints "No such file or directory" (ENOENT).
        let error = FFmpegError("cannot open 'x.mp4'", code: -2)
        #expect(error.description == "cannot open 'x.mp4': No such file or directory")
        #expect(throws: FFmpegError.self) { try FFmpegError.check(-2, "opening") }
        #expect((try? FFmpegError.check(0, "opening")) == 0)
    }
}
