import Foundation
import TestSupport
import Testing

/// `--overwrite` writes into what is there, as SoX and FFmpeg do
/// (docs/cli.md#output-files): a regular file is replaced but keeps its mode
/// and group, a symbolic link is written through to its target, and a FIFO
/// is written straight into, for the reader at its other end.
@Suite("--overwrite writes into what is there")
struct OverwriteTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    /// A tenth of a second of 8 kHz mono, the input of each render.
    private func input() throws -> String {
        try workspace.constantInput(sampleRate: 8_000, frames: 800)
    }

    private func attributes(_ name: String) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: workspace.path(name))
    }

    @Test("a replaced file keeps its mode and group")
    func keepsModeAndGroup() throws {
        let path = workspace.path("out.wav")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        // A group other than the process's own, where the process may set it.
        let group = getuid() == 0 ? gid_t(1) : getgid()
        chown(path, getuid(), group)
        chmod(path, 0o640)
        let result = try SwellProcess.run(["render", try input(), "-o", path, "-y"])
        #expect(result.status == 0, "\(result)")
        let after = try attributes("out.wav")
        #expect((after[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect((after[.groupOwnerAccountID] as? NSNumber)?.uint32Value == group)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 44, "the render replaced the old bytes")
    }

    @Test("a symbolic link is written through to its target and stays a link")
    func writesThroughLinks() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: workspace.path("target.wav")))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.wav"), withDestinationPath: "target.wav")
        let result = try SwellProcess.run(["render", try input(), "-o", workspace.path("link.wav"), "-y"])
        #expect(result.status == 0, "\(result)")
        #expect(try attributes("link.wav")[.type] as? FileAttributeType == .typeSymbolicLink)
        let samples = try Subprocess.run("soxi", ["-s", workspace.path("target.wav")]).requireSuccess().standardOutput
        #expect(samples.trimmingCharacters(in: .whitespacesAndNewlines) == "800")
    }

    @Test("a FIFO is written into, and its reader gets the data")
    func writesIntoFIFOs() throws {
        let fifo = workspace.path("table.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try Subprocess.launch(Subprocess.locate("cat"), [fifo])
        let result = try SwellProcess.run(["curve", "--duration", "0.02", "-o", fifo, "-y"])
        #expect(result.status == 0, "\(result)")
        let read = try reader.wait(timeout: 30)
        #expect(read.standardOutput == "time,main.volume\n0,1\n0.01,1\n0.02,1\n")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }
}
