import Foundation
import TestSupport
import Testing

/// A render copies the input's text tags to the output, as SoX and FFmpeg
/// do (docs/cli.md#render): tags written by FFmpeg, read back by FFmpeg.
@Suite("render: tags are copied")
struct TagTests {
    static let tags = ["title": "Night Train", "artist": "The Band", "album": "Tracks", "date": "2024"]

    /// The format-level tags FFmpeg reads from `path`, by lower-cased key.
    private func probedTags(_ path: String) throws -> [String: String] {
        let text = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "default=nw=1", path])
            .requireSuccess().standardOutput
        var tags: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("TAG:") {
            let pair = line.dropFirst(4).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { tags[pair[0].lowercased()] = String(pair[1]) }
        }
        return tags
    }

    @Test("title, artist, album and date reach a WAV and a FLAC; a WAV's comment too", arguments: ["wav", "flac"])
    func copied(extension pathExtension: String) throws {
        let workspace = try Workspace()
        let plain = try workspace.constantInput("plain.wav", sampleRate: 8_000, frames: 800)
        let input = workspace.path("tagged.wav")
        let metadata = (Self.tags.merging(["comment": "take 2"]) { $1 }).sorted { $0.key < $1.key }
            .flatMap { ["-metadata", "\($0.key)=\($0.value)"] }
        try Subprocess.run("ffmpeg", ["-v", "error", "-nostdin", "-i", plain] + metadata + ["-y", input]).requireSuccess()
        #expect(try probedTags(input)["title"] == "Night Train", "the peer wrote the tags")

        let output = workspace.path("out.\(pathExtension)")
        let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "pcm16"])
        #expect(result.status == 0, "\(result)")
        let copied = try probedTags(output)
        for (key, value) in Self.tags { #expect(copied[key] == value, "\(key) in \(pathExtension): \(copied)") }
        if pathExtension == "wav" { #expect(copied["comment"] == "take 2", "\(copied)") }
    }
}
