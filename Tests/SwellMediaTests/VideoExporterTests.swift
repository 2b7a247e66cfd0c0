import Foundation
import SwellCore
import SwellRender
import Testing
import TestSupport
@testable import SwellMedia

/// The exporter as a library (docs/video.md#export): the container a name
/// chooses, a missing encoder named, and the file published only on
/// ``VideoExporter/finish()`` — read back by FFmpeg's ffprobe.
@Suite struct VideoExporterTests {
    @Test("the extension chooses the container, in any case; anything else is none")
    func containers() {
        #expect(VideoContainer(forPath: "out.mp4") == .mp4)
        #expect(VideoContainer(forPath: "dir/clip.WebM") == .webm)
        #expect(VideoContainer(forPath: "a.b.mkv") == .mkv)
        #expect(VideoContainer(forPath: "loop.gif") == .gif)
        #expect(VideoContainer(forPath: "out.avi") == nil)
        #expect(VideoContainer(forPath: "clip.mp4/out") == nil)
        #expect(VideoContainer(forPath: "mp4") == nil)
    }

    @Test("an encoder this FFmpeg lacks is named, and is not bad input")
    func missingEncoder() throws {
        let directory = try SoundFileFixtures.Directory()
        let muxer = try Muxer(path: directory.file("out.mkv"), container: .mkv)
        #expect {
            _ = try StreamEncoder(named: "swell-no-such-encoder", muxer: muxer)
        } throws: { error in
            guard let error = error as? ExportError else { return false }
            return error.description.contains("'swell-no-such-encoder'") && !error.isBadInput
        }
    }

    /// `count` frames of a 16×8 canvas, each a grey one step lighter.
    private func frames(_ count: Int) -> [Frame] {
        let host = HeadlessHost(rootLayer: CALayer())
        CATransaction.flush()
        return (0..<count).map { k in
            let canvas = Canvas(width: 16, height: 8, backgroundColor: CGColor(gray: Double(k) / 255, alpha: 1))
            return withExtendedLifetime(host) { Renderer().render(host.latestSnapshot!, at: 0, into: canvas) }
        }
    }

    @Test("finish() publishes the file with every frame; cancel() leaves the directory as it was")
    func publishesOnlyWhenFinished() throws {
        let directory = try SoundFileFixtures.Directory()
        let kept = try VideoExporter(path: directory.file("kept.mkv"), container: .mkv, width: 16, height: 8, fps: 25,
                                 sound: nil, overwrite: false)
        let dropped = try VideoExporter(path: directory.file("dropped.mkv"), container: .mkv, width: 16, height: 8,
                                    fps: 25, sound: nil, overwrite: false)
        for frame in frames(5) {
            try kept.append(frame)
            try dropped.append(frame)
        }
        #expect(try directory.contents().count == 2, "two temporary files while writing")
        #expect(try kept.finish())
        dropped.cancel()
        #expect(try directory.contents() == ["kept.mkv"])
        let count = try Subprocess.run("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames",
                                                   "-of", "csv=p=0", directory.file("kept.mkv")]).requireSuccess()
        #expect(count.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "5")
    }
}
