import Foundation
import TestSupport
import Testing

/// `-` names the standard streams, as for SoX and FFmpeg (docs/cli.md#render).
@Suite("standard input and output")
struct StandardStreamTests {
    @Test("render - reads standard input: the same file as rendering the input by name")
    func readsStandardInput() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: 8_000, frames: 8_000, encoding: .pcm16)
        let swell = try SwellProcess.executable().path
        try Subprocess.run("sh", ["-c", "exec \"$0\" render - -o piped.wav --fade-in 0.5 < \"$1\"", swell, input],
                           directory: workspace.directory).requireSuccess()
        let named = try SwellProcess.run(["render", input, "-o", workspace.path("named.wav"), "--fade-in", "0.5"])
        #expect(named.status == 0, "\(named)")
        let piped = try Data(contentsOf: URL(fileURLWithPath: workspace.path("piped.wav")))
        #expect(piped == (try Data(contentsOf: URL(fileURLWithPath: workspace.path("named.wav")))))
    }

    @Test("render -o - is refused with one line, and no file named -")
    func refusesStandardOutputForSound() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: 8_000, frames: 800)
        try SwellProcess.run(["render", input, "-o", "-"], directory: workspace.directory)
            .expectFailure(.badInput, naming: ["standard output"])
        #expect(!FileManager.default.fileExists(atPath: workspace.path("-")))
    }
}
