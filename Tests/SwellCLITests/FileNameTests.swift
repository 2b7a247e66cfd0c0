import Foundation
import TestSupport
import Testing

/// File names are bytes (docs/cli.md#file-names): a name that is not UTF-8
/// is opened, written, published and named in messages as it is. The names
/// are made by the shell's `printf` from octal escapes, since a `String`
/// argument to a child process is always UTF-8.
@Suite("file names that are not UTF-8")
struct FileNameTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Runs `sh -c SCRIPT` in the workspace, with `$SWELL` naming swell.
    private func shell(_ script: String) throws -> Subprocess.Result {
        try Subprocess.run("sh", ["-c", script], environment: ["SWELL": try SwellProcess.executable().path],
                           directory: workspace.directory)
    }

    /// The workspace's entries as `ls -b` writes them: bytes that are not
    /// printable as octal escapes (`bad\377name.wav`), hidden ones included.
    private func listing() throws -> [String] {
        try Subprocess.run("ls", ["-A", "-b", "-1"], directory: workspace.directory).requireSuccess()
            .standardOutput.split(separator: "\n").map(String.init)
    }

    private func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: workspace.path(name)))
    }

    @Test("bad\\xffname.wav renders to out\\xfe.wav: the same file as between UTF-8 names, and no temporary file left")
    func rendersBetweenRawNames() throws {
        try shell("""
            sox -n -r 8000 -c 2 -b 16 good.wav synth 0.5 sine 440 vol 0.5 && cp good.wav "$(printf 'bad\\377name.wav')" &&
            "$SWELL" render "$(printf 'bad\\377name.wav')" -o "$(printf 'out\\376.wav')" --fade-in 0.2 &&
            "$SWELL" render good.wav -o good-out.wav --fade-in 0.2 &&
            cp "$(printf 'out\\376.wav')" copied.wav
            """).requireSuccess()
        #expect(try listing() == ["bad\\377name.wav", "copied.wav", "good-out.wav", "good.wav", "out\\376.wav"])
        #expect(try bytes("copied.wav") == (try bytes("good-out.wav")))
    }

    @Test("--overwrite replaces an existing file whose name is not UTF-8")
    func overwritesARawName() throws {
        try shell("""
            sox -n -r 8000 -c 1 -b 16 in.wav synth 0.2 sine 440 &&
            echo old > "$(printf 'out\\376.wav')" &&
            "$SWELL" render in.wav -o "$(printf 'out\\376.wav')" --overwrite --volume 0.5 &&
            "$SWELL" render in.wav -o reference.wav --volume 0.5 &&
            cp "$(printf 'out\\376.wav')" copied.wav
            """).requireSuccess()
        #expect(try bytes("copied.wav") == (try bytes("reference.wav")))
        #expect(try listing().filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("messages write the bytes that are not UTF-8 as \\xFF: a missing input, an output in a missing directory")
    func messagesEscapeRawBytes() throws {
        let missing = try shell("\"$SWELL\" render \"$(printf 'missing\\377.wav')\" -o out.wav")
        missing.expectFailure(.badInput, naming: [])
        #expect(missing.standardError == "swell: error: cannot open 'missing\\xFF.wav': No such file or directory\n")

        try shell("sox -n -r 8000 -c 1 -b 16 in.wav synth 0.1 sine 440").requireSuccess()
        let unwritable = try shell("\"$SWELL\" render in.wav -o \"$(printf 'no\\375/out.wav')\"")
        unwritable.expectFailure(.runtimeFailure, naming: [])
        #expect(unwritable.standardError == "swell: error: cannot write 'no\\xFD/out.wav': No such file or directory\n")
    }

    @Test("a script whose name and directory are not UTF-8, naming an audio file beside it, renders as from UTF-8 names")
    func scriptsWithRawNames() throws {
        let script = #"{"version": 1, "layers": [{"name": "music", "type": "audio", "file": "in.wav", "volume": 0.5}]}"#
        try workspace.write(script, to: "mix.json")
        try shell("""
            sox -n -r 8000 -c 1 -b 16 in.wav synth 0.2 sine 440 &&
            mkdir "$(printf 'd\\375')" && cp in.wav mix.json "$(printf 'd\\375')/" &&
            mv "$(printf 'd\\375')/mix.json" "$(printf 'd\\375/mix\\377.json')" &&
            "$SWELL" render in.wav -o raw.wav --script "$(printf 'd\\375/mix\\377.json')" &&
            "$SWELL" render in.wav -o reference.wav --script mix.json
            """).requireSuccess()
        #expect(try bytes("raw.wav") == (try bytes("reference.wav")))
    }

    @Test("curve -o writes a file whose name is not UTF-8")
    func curveToARawName() throws {
        try shell("""
            "$SWELL" curve --fade-in 1 --duration 1 -o "$(printf 'c\\377.csv')" &&
            "$SWELL" curve --fade-in 1 --duration 1 > reference.csv && cp "$(printf 'c\\377.csv')" copied.csv
            """).requireSuccess()
        #expect(try bytes("copied.csv") == (try bytes("reference.csv")))
    }
}
