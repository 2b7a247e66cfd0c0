import Foundation
import SwellMedia
import Testing
import TestSupport
@testable import SwellCommands
import SwellScenes

/// Exporting a scene as video, asked wrongly (docs/video.md#export,
/// docs/cli.md#exit-codes): one line naming the fault, exit 2, and no file
/// left behind — not even a temporary one; an interrupted export exits 130
/// and leaves nothing either.
@Suite("render: bad input for a video")
struct SceneVideoBadInputTests {
    let workspace: Workspace
    let script: String

    init() throws {
        workspace = try Workspace()
        script = try workspace.write(SceneVideoTests.scene, to: "scene.json")
    }

    private func swell(_ arguments: [String]) throws -> SwellProcess.Result {
        try SwellProcess.run(arguments, directory: workspace.directory)
    }

    @Test("an unknown extension for a scene: one line listing the video formats too")
    func unknownExtension() throws {
        try swell(["render", "--script", "scene.json", "-o", "out.avi"])
            .expectFailure(.badInput, naming: ["out.avi", "mp4, webm, mkv, gif", "png"])
        #expect(try workspace.entries() == ["scene.json"])
    }

    @Test("options that do not fit a video", arguments: [
        (["--at", "1"], "--at"),
        (["--size", "33x20"], "even"),
        (["--fps", "60", "-o", "out.gif"], "50 frames per second"),
        (["in.wav"], "input files"),
        (["--encoding", "pcm16"], "a video's codecs follow its extension"),
        (["--end", "0.1", "--start", "0.5"], "--end"),
    ])
    func misfits(arguments: [String], subject: String) throws {
        let output = arguments.contains("-o") ? [] : ["-o", "out.mp4"]
        try swell(["render", "--script", "scene.json"] + output + arguments).expectFailure(.badInput, naming: [subject])
        #expect(try workspace.entries() == ["scene.json"], "left behind")
    }

    @Test("a scene without a canvas has no pictures")
    func noCanvas() throws {
        try workspace.write(#"{"version": 1, "layers": [{"name": "a", "type": "layer"}]}"#, to: "plain.json")
        try swell(["render", "--script", "plain.json", "-o", "out.webm"]).expectFailure(.badInput, naming: ["canvas"])
    }

    @Test("an existing output is kept without --overwrite, and replaced with it")
    func existingOutput() throws {
        let original = Data("keep me".utf8)
        try original.write(to: URL(fileURLWithPath: workspace.path("taken.mkv")))
        try swell(["render", "--script", "scene.json", "-o", "taken.mkv", "--end", "0.5"])
            .expectFailure(.badInput, naming: ["taken.mkv"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("taken.mkv"))) == original)
        #expect(try swell(["render", "--script", "scene.json", "-o", "taken.mkv", "--end", "0.5", "--overwrite"])
            .status == 0)
        #expect(try VideoProbe(workspace.path("taken.mkv")).stream("video") != nil)
        #expect(try workspace.entries() == ["scene.json", "taken.mkv"])
    }

    @Test("SIGINT mid-export: exit 130, and neither the video nor its temporary file is left")
    func interrupted() throws {
        let running = try SwellProcess.start(["render", "--script", "scene.json", "-o", "long.mkv", "--end", "1h",
                                              "--fps", "30"], directory: workspace.directory)
        let before: Set = ["scene.json"]
        let deadline = Date().addingTimeInterval(30)
        while try workspace.entries() == before && Date() < deadline { usleep(10_000) }
        let partial = try workspace.entries().subtracting(before)
        usleep(300_000)
        running.interrupt()
        let result = try running.wait(timeout: 30)
        #expect(partial.allSatisfy { $0.hasPrefix(".long.mkv.") && $0.hasSuffix(".partial") }, "\(partial)")
        #expect(!partial.isEmpty, "the export never started writing")
        #expect(result.status == 130, "\(result)")
        #expect(try workspace.entries() == before, "left behind")
    }

    @Test("an encoder the installed FFmpeg lacks: one line naming it, exit 1 (the software, not the input)")
    func missingEncoder() {
        let error = ExportError.missingEncoder("libx264")
        let drawing = SceneDrawingLibraries()
        #expect(drawing.exitStatus(for: error) == 1)
        #expect(Failure.line(for: error) == "swell: error: this FFmpeg has no 'libx264' encoder; install an FFmpeg built with it")
        #expect(drawing.exitStatus(for: ExportError.oddSize(container: .mp4, width: 3, height: 2)) == 2)
    }
}
